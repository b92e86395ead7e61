import DispatchStorage
import DispatchSupport
import Foundation

/// Runs the scanner and the reader over a stream of XML bytes: the bytes of an export.xml
/// however they arrive (a file read in blocks, a zip entry inflated in chunks).
package struct HealthXMLFeed {
  let scanner = XMLByteScanner()
  var reader: HealthExportReader

  init(path: String, size: Int64 = 0, send: @escaping (HealthBatch) -> Bool) {
    reader = HealthExportReader(path: path, send: send)
    reader.batch.bytesTotal = size
  }

  /// Reads one chunk; false once the consumer has stopped taking batches.
  mutating func feed(_ chunk: UnsafeRawBufferPointer) throws(HealthScanError) -> Bool {
    try scanner.feed(chunk, into: &reader)
    reader.batch.bytesRead = scanner.bytesRead
    return !reader.stopped && !scanner.isComplete
  }

  /// Ends the input and sends the last batch.
  /// - Throws: a truncated file, or one that is no export.xml at all.
  mutating func finish() throws(HealthScanError) {
    try scanner.finish()
    reader.finish(bytesRead: scanner.bytesRead)
  }

  /// Feeds the file at `url` in blocks of `blockSize` bytes.
  static func readFile(
    _ url: URL, path: String, blockSize: Int = 4 << 20, send: @escaping (HealthBatch) -> Bool
  ) throws(ImportError) {
    guard let handle = FileHandle(forReadingAtPath: url.path) else {
      throw ImportError(.unreadable, file: path, reason: "cannot read the file")
    }
    defer { try? handle.close() }
    let size = (try? FileManager.default.attributesOfItem(atPath: url.path)[.size] as? Int) ?? 0
    var feed = HealthXMLFeed(path: path, size: Int64(size), send: send)
    let descriptor = handle.fileDescriptor
    let block = UnsafeMutableRawBufferPointer.allocate(byteCount: blockSize, alignment: 16)
    defer { block.deallocate() }
    while true {
      let count = read(descriptor, block.baseAddress, blockSize)
      guard count >= 0 else {
        throw ImportError(.unreadable, file: path, reason: "cannot read the file")
      }
      if count == 0 { break }
      do {
        guard try feed.feed(UnsafeRawBufferPointer(rebasing: block[0..<count])) else { break }
      } catch {
        throw ImportError(.unrecognized, file: path, reason: error.description)
      }
    }
    // A consumer that stopped has its own error to report; the rest is not read.
    guard !feed.reader.stopped else { return }
    do {
      try feed.finish()
    } catch {
      throw ImportError(.unrecognized, file: path, reason: error.description)
    }
  }

  /// Feeds an entry of a zip as it inflates.
  static func readZipEntry(
    _ archive: ZipArchive, _ entry: ZipEntry, path: String, send: @escaping (HealthBatch) -> Bool
  ) throws(ImportError) {
    var feed = HealthXMLFeed(path: path, size: Int64(entry.uncompressedSize), send: send)
    do {
      try archive.read(entry) { chunk in try feed.feed(chunk) }
    } catch let error as HealthScanError {
      throw ImportError(.unrecognized, file: path, reason: error.description)
    } catch {
      throw ImportError(.unrecognized, file: path, reason: "\(error)")
    }
    guard !feed.reader.stopped else { return }
    do {
      try feed.finish()
    } catch {
      throw ImportError(.unrecognized, file: path, reason: error.description)
    }
  }
}
