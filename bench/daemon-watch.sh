#!/bin/bash
# The daemon's cost while it waits with place watching on, and how soon a network change
# becomes an arrival prompt (docs/benchmarks.md#the-daemon-watching-places-2026-12-04).
# NetworkManager is stubbed: `nmcli monitor` reads lines from a FIFO (idle, as the real one
# blocks on D-Bus), and the connected network is a file.
#
# Usage: bench/daemon-watch.sh DISPATCH [SECONDS_IDLE]
set -u
dispatch=$1
idle=${2:-300}
folder=$(mktemp -d)
bin=$folder/bin
mkdir -p "$bin"
mkfifo "$folder/events"
cat > "$bin/nmcli" <<STUB
#!/bin/sh
if [ "\$1" = monitor ]; then exec cat "$folder/events"; fi
if [ -f "$folder/network" ]; then echo "yes:\$(cat "$folder/network")"; fi
STUB
chmod +x "$bin/nmcli"
printf '#!/bin/sh\nexit 0\n' > "$bin/hook"
chmod +x "$bin/hook"
store=$folder/store.sqlite
export DISPATCH_SENSOR_PATH=$bin
"$dispatch" --store "$store" init > /dev/null
"$dispatch" --store "$store" settings set notifier hook > /dev/null
"$dispatch" --store "$store" settings set hook "$bin/hook" > /dev/null
"$dispatch" --store "$store" sensors places add Home --ssid home-wifi > /dev/null
"$dispatch" --store "$store" groups add Home --on arrival --place Home \
  --question 'Are you working?' > /dev/null
exec 3<> "$folder/events"   # keep the FIFO open so the monitor's cat never sees its end
"$dispatch" --store "$store" daemon > "$folder/log" &
daemon=$!
sleep 3
ticks() { awk '{print $14 + $15 + $16 + $17}' "/proc/$daemon/stat"; }
hz=$(getconf CLK_TCK)
before=$(ticks)
sleep "$idle"
after=$(ticks)
cpu=$(echo "scale=3; ($after - $before) / $hz" | bc)
echo "idle: $cpu CPU s in $idle s (daemon and its finished children) = $(echo "scale=2; $cpu * 3600 / $idle" | bc) CPU s per hour"
for round in 1 2 3; do
  echo home-wifi > "$folder/network"
  start=$(date +%s.%N)
  echo "wlan0: connected" >&3
  until grep -q "arrived at Home" "$folder/log"; do sleep 0.005; done
  end=$(date +%s.%N)
  printf 'network change to arrival line: %.3f s\n' "$(echo "$end - $start" | bc)"
  # Leave and wait out the cooldown in the store's view: forget the arrival.
  rm -f "$folder/network"; echo "wlan0: disconnected" >&3; sleep 1
  kill "$daemon"; wait "$daemon" 2> /dev/null
  sqlite3 "$store" "DELETE FROM settings WHERE key LIKE 'daemon.%'"
  : > "$folder/log"
  "$dispatch" --store "$store" daemon > "$folder/log" &
  daemon=$!
  sleep 2
done
kill "$daemon"; wait "$daemon" 2> /dev/null
rm -rf "$folder"
