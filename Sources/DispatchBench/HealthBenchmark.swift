import DispatchKit
import Foundation

extension BenchmarkSuite {
  /// `dispatch import` of a generated Apple Health export (SyntheticHealthExport): 3M records
  /// as a bare export.xml and as export.zip, and 300k records against healthkit-to-sqlite on
  /// the same file. Targets: ≥ 300,000 records/s, ≥ 15× the peer, peak RSS < 150 MB, the zip
  /// within 1.5× of the XML.
  static let healthImport = Benchmark(name: "import: Apple Health") { context in
    guard let binary = context.dispatchBinary else {
      throw BenchFailure("build the CLI first: swift build -c release --product dispatch")
    }
    let large = context.quick ? 300_000 : 3_000_000
    let small = context.quick ? 30_000 : 300_000
    let largeXML = context.workspace.appendingPathComponent("health-large.xml")
    let smallXML = context.workspace.appendingPathComponent("health-small.xml")
    let largeManifest = try HealthFiles.write(records: large, to: largeXML)
    let smallManifest = try HealthFiles.write(records: small, to: smallXML)
    let zip = context.workspace.appendingPathComponent("health-large.zip")
    let zipSeconds = try Stopwatch.time { try HealthFiles.zip(largeXML, into: zip) }
    var results: [BenchResult] = []

    let xml = try HealthFiles.importMeasured(binary, largeXML, context)
    let records = Double(xml.records)
    results.append(
      BenchResult(
        name: "import: Apple Health export.xml, \(large / 1000)k records", value: xml.seconds,
        unit: "s",
        detail: String(
          format:
            "%.0f records/s; %.0f MiB XML; --json recordsImported %d (manifest distinct samples %d); median of 3, fresh store each, process start to exit; target ≥ 300,000 records/s",
          records / xml.seconds, Double(largeManifest.bytes) / 1_048_576, xml.records,
          largeManifest.distinctSamples)))
    if let peak = xml.peakMiB {
      results.append(
        BenchResult(
          name: "import: Apple Health export.xml, peak RSS", value: peak, unit: "MiB",
          detail: "ru_maxrss via /usr/bin/time; target < 150 MB"))
    }
    let zipped = try HealthFiles.importMeasured(binary, zip, context)
    var zipResult = BenchResult(
      name: "import: Apple Health export.zip, \(large / 1000)k records", value: zipped.seconds,
      unit: "s",
      detail: String(
        format:
          "%.0f records/s; zip %.0f MiB (deflate level 1, written in %.1f s); ratio to the bare XML; target ≤ 1.5×",
        Double(zipped.records) / zipped.seconds,
        Double((try? FileManager.default.attributesOfItem(atPath: zip.path)[.size] as? Int) ?? 0)
          / 1_048_576, zipSeconds))
    zipResult.peerName = "bare export.xml"
    zipResult.peerValue = xml.seconds
    results.append(zipResult)
    if let peak = zipped.peakMiB {
      results.append(
        BenchResult(
          name: "import: Apple Health export.zip, peak RSS", value: peak, unit: "MiB",
          detail: "ru_maxrss via /usr/bin/time; target < 150 MB"))
    }

    let smallRun = try HealthFiles.importMeasured(binary, smallXML, context)
    var peer = BenchResult(
      name: "import: Apple Health export.xml, \(small / 1000)k records", value: smallRun.seconds,
      unit: "s",
      detail: String(
        format:
          "%.0f records/s; %d records (manifest %d); peer: healthkit-to-sqlite 1.0.1 --xml in a virtualenv; target ≥ 15× faster",
        Double(smallRun.records) / smallRun.seconds, smallRun.records,
        smallManifest.distinctSamples))
    if let tool = HealthFiles.healthkitToSQLite(context) {
      let database = context.workspace.appendingPathComponent("hk2s.db").path
      let measured = try ChildMeter.median(
        runs: 1, prepare: { try? FileManager.default.removeItem(atPath: database) },
        { try ChildMeter.run(tool, [smallXML.path, database, "--xml", "--silent"]) })
      peer.peerName = "healthkit-to-sqlite"
      peer.peerValue = measured.seconds
    } else {
      peer.detail += " (peer not installed: pip could not fetch healthkit-to-sqlite)"
    }
    results.append(peer)
    results += try HealthFiles.storageStrategies(context, store: xml.store)
    return results
  }
}
