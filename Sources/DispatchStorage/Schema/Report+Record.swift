import DispatchCore

/// Writing a report with its responses and sensor context, through the declared column lists
/// (``Report/table``, ``Response/table`` and their child tables). Each list builds its
/// `INSERT` once: the statement cache is keyed by its text, and a long import writes a hundred
/// thousand reports and answers.
extension Report {
  /// Inserts the report, replacing any stored report with the same ID and all its children,
  /// and hands its search document to the index (``ReportDocuments/prepare(_:_:)``).
  func save(_ db: Database) throws(StoreError) {
    try db.execute("DELETE FROM reports WHERE id = ?", values: [.text(id)])
    try db.insert(self, into: Self.table)
    try saveContext(db)
    for (position, response) in responses.enumerated() {
      try response.save(db, reportID: id, position: position)
    }
    try ReportDocuments.prepare(self, db)
  }

  private func saveContext(_ db: Database) throws(StoreError) {
    if let location = context.location {
      try db.insert(OwnedRow(owner: id, location), into: Self.locationTable)
    }
    if let weather = context.weather {
      try db.insert(OwnedRow(owner: id, weather), into: Self.weatherTable)
    }
    for (position, photo) in context.photos.enumerated() {
      try db.insert(OwnedRow(owner: id, position: position, photo), into: Self.photoTable)
    }
    for (position, reading) in context.health.enumerated() {
      try db.insert(OwnedRow(owner: id, position: position, reading), into: Self.healthTable)
    }
    for (position, sample) in context.stateOfMindSampleIDs.enumerated() {
      try db.insert(OwnedRow(owner: id, position: position, sample), into: Self.stateOfMindTable)
    }
  }
}

extension Response {
  /// Inserts the response under `reportID`, replacing a response with the same ID
  /// (which re-parents it, as Dispatch's importer does).
  func save(_ db: Database, reportID: String, position: Int) throws(StoreError) {
    try db.execute("DELETE FROM responses WHERE id = ?", values: [.text(id)])
    try db.insert(OwnedRow(owner: reportID, position: position, self), into: Self.table)
    for (position, token) in (tokens ?? []).enumerated() {
      try saveValue(ResponseValue(role: "token", valueID: token.id, text: token.text), position, db)
    }
    for (position, option) in (options ?? []).enumerated() {
      try saveValue(ResponseValue(role: "option", valueID: nil, text: option), position, db)
    }
    for (position, note) in (notes ?? []).enumerated() {
      try saveValue(ResponseValue(role: "note", valueID: note.id, text: note.text), position, db)
    }
    if let location {
      try db.insert(OwnedRow(owner: id, StoredLocationAnswer(location)), into: Self.locationTable)
    }
  }

  private func saveValue(_ value: ResponseValue, _ position: Int, _ db: Database)
    throws(StoreError)
  {
    try db.insert(OwnedRow(owner: id, position: position, value), into: Self.valueTable)
  }
}
