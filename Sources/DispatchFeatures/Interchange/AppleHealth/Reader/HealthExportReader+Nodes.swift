import DispatchStorage

/// Everything but `Record`: read whole into trees, then handed over as items.
extension HealthExportReader {
  /// Opens an element of a tree (a top-level one starts the tree).
  mutating func openNode(_ tag: borrowing XMLStartTag) {
    var attributes: [HealthAttribute] = []
    attributes.reserveCapacity(tag.attributes.count)
    for attribute in tag.attributes {
      attributes.append(
        HealthAttribute(
          name: String(decoding: tag.name(of: attribute), as: UTF8.self),
          value: String(decoding: value(of: attribute, in: tag), as: UTF8.self)))
    }
    nodes.append(
      HealthNode(name: String(decoding: tag.name, as: UTF8.self), attributes: attributes))
    if tag.selfClosing {
      closeNode()
      if frames.isEmpty { cutBatchIfFull() }
    } else {
      frames.append(.node)
    }
  }

  /// Closes the innermost open tree element; a finished top-level tree becomes an item.
  mutating func closeNode() {
    guard let node = nodes.popLast() else { return }
    if !nodes.isEmpty {
      nodes[nodes.count - 1].children.append(node)
      return
    }
    finishTopLevel(node)
  }

  /// An element where none is expected (inside a Record, say): kept as it is, as its own item,
  /// its name noting where it stood.
  mutating func openOther(_ tag: borrowing XMLStartTag) {
    var attributes: [HealthAttribute] = []
    for attribute in tag.attributes {
      attributes.append(
        HealthAttribute(
          name: String(decoding: tag.name(of: attribute), as: UTF8.self),
          value: String(decoding: value(of: attribute, in: tag), as: UTF8.self)))
    }
    let node = HealthNode(name: String(decoding: tag.name, as: UTF8.self), attributes: attributes)
    elementOrdinal += 1
    batch.elements.append(
      HealthElementItem(
        kind: .other, node: node, hash: Int64(bitPattern: HealthIdentity.node(node)),
        ordinal: elementOrdinal))
  }

  private mutating func finishTopLevel(_ node: HealthNode) {
    var hash = HealthIdentity.node(node)
    if node.name == "Correlation", let slot = openCorrelation {
      openCorrelation = nil
      // The members' hashes are part of the correlation's content.
      for sample in batch.samples where sample.correlation == slot {
        hash = HealthIdentity.chain(hash, UInt64(bitPattern: sample.hash))
      }
      batch.correlations.append(
        HealthCorrelationItem(node: node, hash: Int64(bitPattern: hash), ordinal: elementOrdinal))
      return
    }
    let kind: HealthElementItem.Kind
    switch node.name {
    case "Workout": kind = .workout
    case "ActivitySummary": kind = .activitySummary
    case "Me": kind = .me
    case "ExportDate": kind = .exportDate
    default: kind = .other
    }
    batch.elements.append(
      HealthElementItem(
        kind: kind, node: node, hash: Int64(bitPattern: hash), ordinal: elementOrdinal))
  }
}
