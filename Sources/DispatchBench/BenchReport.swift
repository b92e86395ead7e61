import Foundation

/// The results table and `bench/results.json`.
struct BenchReport {
  let results: [BenchResult]
  let quick: Bool

  func printTable() {
    print("")
    print(pad("benchmark", 52) + pad("value", 14) + pad("peer", 26) + "ratio")
    print(String(repeating: "-", count: 100))
    for result in results {
      let value = format(result.value) + " " + result.unit
      var peer = ""
      var ratio = ""
      if let peerName = result.peerName, let peerValue = result.peerValue {
        peer = "\(peerName) \(format(peerValue)) \(result.unit)"
        ratio = String(format: "%.2f×", result.value / peerValue)
      }
      print(pad(result.name, 52) + pad(value, 14) + pad(peer, 26) + ratio)
      if !result.detail.isEmpty { print("  " + result.detail) }
    }
  }

  func writeJSON(to path: String) throws {
    var machine: [String: Any] = [
      "cores": ProcessInfo.processInfo.activeProcessorCount,
      "memoryGiB": Double(ProcessInfo.processInfo.physicalMemory) / 1_073_741_824,
      "os": ProcessInfo.processInfo.operatingSystemVersionString,
    ]
    var name = utsname()
    uname(&name)
    machine["arch"] = withUnsafeBytes(of: &name.machine) { bytes in
      String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
    }
    let entries: [[String: Any]] = results.map { result in
      var entry: [String: Any] = ["name": result.name, "value": result.value, "unit": result.unit]
      if !result.detail.isEmpty { entry["detail"] = result.detail }
      if let peerName = result.peerName, let peerValue = result.peerValue {
        entry["peer"] = ["name": peerName, "value": peerValue]
        entry["ratio"] = result.value / peerValue
      }
      return entry
    }
    let document: [String: Any] = [
      "date": ISO8601DateFormatter().string(from: Date()), "quick": quick, "machine": machine,
      "results": entries,
    ]
    let data = try JSONSerialization.data(
      withJSONObject: document, options: [.prettyPrinted, .sortedKeys])
    let url = URL(fileURLWithPath: path)
    try FileManager.default.createDirectory(
      at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    try data.write(to: url)
  }

  private func format(_ value: Double) -> String {
    value >= 100 ? String(format: "%.0f", value) : String(format: "%.3f", value)
  }

  private func pad(_ text: String, _ width: Int) -> String {
    text.count >= width ? text + " " : text + String(repeating: " ", count: width - text.count)
  }
}
