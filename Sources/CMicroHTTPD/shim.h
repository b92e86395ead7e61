// libmicrohttpd for Swift. Swift cannot call C's variadic functions, so the two that
// `dispatch serve` needs are wrapped here with fixed arguments.
#include <stdint.h>
#include <stddef.h>
#include <sys/types.h>
#include <sys/socket.h>
#include <sys/select.h>
#include <microhttpd.h>

/// The server's limits and TLS material; a NULL certificate means plain HTTP.
struct dispatch_mhd_settings {
  const struct sockaddr *address;
  unsigned int connection_timeout_seconds;
  size_t connection_memory_limit;
  unsigned int connection_limit;
  unsigned int per_ip_connection_limit;
  unsigned int thread_pool_size;
  const char *tls_certificate_pem;
  const char *tls_key_pem;
};

/// Starts a daemon that calls `handler` for every request and `completed` when a request ends
/// (both with `context`), listening on `settings->address`, with its own threads: a pool of
/// `thread_pool_size` when that is more than 1, else a thread for each connection.
static inline struct MHD_Daemon *dispatch_mhd_start(
    unsigned int flags, const struct dispatch_mhd_settings *settings,
    MHD_AccessHandlerCallback handler, MHD_RequestCompletedCallback completed, void *context) {
  struct MHD_OptionItem options[10];
  int count = 0;
  options[count++] = (struct MHD_OptionItem){MHD_OPTION_SOCK_ADDR, 0, (void *)settings->address};
  options[count++] = (struct MHD_OptionItem){
      MHD_OPTION_NOTIFY_COMPLETED, (intptr_t)completed, context};
  options[count++] = (struct MHD_OptionItem){
      MHD_OPTION_CONNECTION_TIMEOUT, (intptr_t)settings->connection_timeout_seconds, NULL};
  options[count++] = (struct MHD_OptionItem){
      MHD_OPTION_CONNECTION_MEMORY_LIMIT, (intptr_t)settings->connection_memory_limit, NULL};
  options[count++] = (struct MHD_OptionItem){
      MHD_OPTION_CONNECTION_LIMIT, (intptr_t)settings->connection_limit, NULL};
  options[count++] = (struct MHD_OptionItem){
      MHD_OPTION_PER_IP_CONNECTION_LIMIT, (intptr_t)settings->per_ip_connection_limit, NULL};
  if (settings->thread_pool_size > 1) {
    options[count++] = (struct MHD_OptionItem){
        MHD_OPTION_THREAD_POOL_SIZE, (intptr_t)settings->thread_pool_size, NULL};
  } else {
    flags |= MHD_USE_THREAD_PER_CONNECTION;
  }
  if (settings->tls_certificate_pem != NULL && settings->tls_key_pem != NULL) {
    flags |= MHD_USE_TLS;
    options[count++] = (struct MHD_OptionItem){
        MHD_OPTION_HTTPS_MEM_CERT, 0, (void *)settings->tls_certificate_pem};
    options[count++] = (struct MHD_OptionItem){
        MHD_OPTION_HTTPS_MEM_KEY, 0, (void *)settings->tls_key_pem};
  }
  options[count++] = (struct MHD_OptionItem){MHD_OPTION_END, 0, NULL};
  return MHD_start_daemon(
      flags, 0, NULL, NULL, handler, context, MHD_OPTION_ARRAY, options, MHD_OPTION_END);
}

/// The port the daemon listens on (the one the system chose when it was asked for port 0).
static inline uint16_t dispatch_mhd_port(struct MHD_Daemon *daemon) {
  const union MHD_DaemonInfo *info = MHD_get_daemon_info(daemon, MHD_DAEMON_INFO_BIND_PORT);
  return info == NULL ? 0 : info->port;
}

/// The client's address of a connection, or NULL.
static inline const struct sockaddr *dispatch_mhd_client_address(
    struct MHD_Connection *connection) {
  const union MHD_ConnectionInfo *info =
      MHD_get_connection_info(connection, MHD_CONNECTION_INFO_CLIENT_ADDRESS);
  return info == NULL ? NULL : info->client_addr;
}

/// Whether this libmicrohttpd was built with TLS (GnuTLS).
static inline int dispatch_mhd_supports_tls(void) {
  return MHD_is_feature_supported(MHD_FEATURE_TLS) == MHD_YES;
}
