import DispatchStorage
import DispatchSupport

/// Turns the scanner's tags into ``HealthBatch``es: `Record`s (almost all of an export) on a
/// lean path straight into sample rows, everything else read whole into ``HealthNode`` trees
/// (docs/formats/apple-health.md#elements). Hands a batch to `send` after every `batchSize`
/// samples, only between top-level elements, and stops when `send` returns false.
struct HealthExportReader: XMLEventHandler {
  static let batchSize = 8_192
  /// Problems kept per file; past this they are counted in `skipped` only.
  static let problemLimit = 1_000

  let path: String
  private let send: (HealthBatch) -> Bool
  private(set) var stopped = false
  var interner = ByteInterner()
  var batch = HealthBatch()
  /// Strings the interner held when this batch began.
  private var stringsAtBatchStart: Int32 = 0
  /// Where attribute values with entities are decoded.
  let decoded = DecodeBuffer()

  /// What is open below the root.
  enum Frame {
    case record
    case beatList
    /// Inside a tree being read whole (workout, correlation header, …).
    case node
    /// An element whose content is ignored (the root's text, stray end tags).
    case skipped
  }
  var frames: [Frame] = []
  /// The Record being read, and the running hash of its children.
  var current: HealthSampleRow?
  var currentChildren: UInt64 = 0
  var currentAttributes: UInt64 = 0
  /// Whether the record being read has a problem (reported at its end).
  var currentProblem: (field: String?, reason: String)?
  /// Trees being read, innermost last.
  var nodes: [HealthNode] = []
  /// The Correlation being read: its slot in `batch.correlations` once finished.
  var openCorrelation: Int32?
  var recordOrdinal = 0
  var elementOrdinal = 0
  var problemsReported = 0
  /// The root's `locale` and the prolog's version comment.
  var locale: String?

  init(path: String, send: @escaping (HealthBatch) -> Bool) {
    self.path = path
    self.send = send
  }

  mutating func start(_ tag: borrowing XMLStartTag) throws {
    let name = tag.name
    if frames.isEmpty && nodes.isEmpty && current == nil {
      if name.equals("HealthData") && !rootSeen {
        rootSeen = true
        if let attribute = tag.attributes.first(where: { tag.name(of: $0).equals("locale") }) {
          locale = String(decoding: value(of: attribute, in: tag), as: UTF8.self)
          batch.locale = locale
        }
        return
      }
    }
    if let frame = frames.last {
      switch frame {
      case .record:
        if name.equals("MetadataEntry") {
          recordMetadata(tag)
        } else if name.equals("HeartRateVariabilityMetadataList") {
          if !tag.selfClosing { frames.append(.beatList) }
          return
        } else {
          openOther(tag)
        }
        if !tag.selfClosing { frames.append(.skipped) }
        return
      case .beatList:
        if name.equals("InstantaneousBeatsPerMinute") {
          recordBeat(tag)
        } else {
          openOther(tag)
        }
        if !tag.selfClosing { frames.append(.skipped) }
        return
      case .node:
        if name.equals("Record") && openCorrelation != nil && nodes.count == 1 {
          beginRecord(tag)
          return
        }
        openNode(tag)
        return
      case .skipped:
        openOther(tag)
        if !tag.selfClosing { frames.append(.skipped) }
        return
      }
    }
    // A top-level element.
    if name.equals("Record") {
      beginRecord(tag)
    } else {
      if name.equals("Correlation") { openCorrelation = Int32(batch.correlations.count) }
      elementOrdinal += 1
      openNode(tag)
    }
  }

  mutating func end(_ name: UnsafeBufferPointer<UInt8>, offset: Int64) throws {
    guard let frame = frames.popLast() else { return }
    switch frame {
    case .record: finishRecord()
    case .node: closeNode()
    case .beatList, .skipped: break
    }
    if frames.isEmpty { cutBatchIfFull() }
  }

  /// Sends what is left; the reader is done.
  mutating func finish(bytesRead: Int64) {
    batch.bytesRead = bytesRead
    flush()
  }

  private var rootSeen = false

  /// Hands the batch over when it has grown enough.
  mutating func cutBatchIfFull() {
    guard batch.samples.count >= Self.batchSize || batch.text.count >= 4 << 20 else { return }
    flush()
  }

  private mutating func flush() {
    guard !stopped else { return }
    let total = Int32(interner.count)
    batch.firstNewString = stringsAtBatchStart
    batch.newStrings = Array(interner.strings[Int(stringsAtBatchStart)..<Int(total)])
    stringsAtBatchStart = total
    let ready = batch
    batch = HealthBatch()
    batch.bytesRead = ready.bytesRead
    batch.bytesTotal = ready.bytesTotal
    if !send(ready) { stopped = true }
  }

  /// Notes a problem with the file's element `ordinal`, up to ``problemLimit``.
  mutating func problem(record ordinal: Int, field: String?, reason: String) {
    batch.skipped += 1
    guard problemsReported < Self.problemLimit else { return }
    problemsReported += 1
    batch.problems.append(
      ImportProblem(file: path, record: ordinal, field: field, reason: reason))
  }
}
