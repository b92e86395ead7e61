#if canImport(Glibc)
  import Glibc
#endif

/// The events queued on an inotify descriptor, drained at once: each with the watch it came
/// from, its mask and the file name it names (empty for the watched folder itself).
enum InotifyEvents {
  struct Event {
    let watch: Int32
    let mask: UInt32
    let name: String
  }

  static func drain(_ descriptor: Int32) -> [Event] {
    var events: [Event] = []
    #if os(Linux)
      var buffer = [UInt8](repeating: 0, count: 16 * 1024)
      while true {
        let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
        if count <= 0 { break }
        var offset = 0
        let headerSize = MemoryLayout<inotify_event>.size
        while offset + headerSize <= count {
          let (watch, mask, nameLength) = buffer.withUnsafeBytes { raw in
            let event = raw.loadUnaligned(fromByteOffset: offset, as: inotify_event.self)
            return (event.wd, event.mask, Int(event.len))
          }
          let start = offset + headerSize
          let name = buffer[start..<min(start + nameLength, count)].prefix { $0 != 0 }
          events.append(
            Event(watch: watch, mask: mask, name: String(decoding: name, as: UTF8.self)))
          offset += headerSize + nameLength
        }
      }
    #endif
    return events
  }

  /// Whether an event says the queue overflowed (anything may have changed).
  static func overflowed(_ event: Event) -> Bool {
    #if os(Linux)
      return event.mask & UInt32(IN_Q_OVERFLOW) != 0
    #else
      return false
    #endif
  }
}
