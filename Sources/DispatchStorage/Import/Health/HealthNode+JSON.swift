import DispatchCore
import DispatchSupport

extension HealthNode {
  /// The element as one line of JSON: `{"name": …, "attributes": {…}, "children": […]}`,
  /// attributes in file order. How elements the store does not model are kept.
  var json: JSONValue {
    var members: [(String, JSONValue)] = [
      ("name", .string(name)),
      ("attributes", .object(attributes.map { ($0.name, .string($0.value)) })),
    ]
    if !children.isEmpty { members.append(("children", .array(children.map(\.json)))) }
    return .object(members)
  }

  var jsonText: String { JSONWriter.string(json, style: .compact) }

  /// The attribute `name` as a date: its instant and the offset it was written with.
  func date(_ name: String) -> (milliseconds: Int64, offset: Int32)? {
    guard var text = value(name) else { return nil }
    return text.withUTF8 { HealthDateParser.parse($0) }
  }

  /// The attribute `name` as a number.
  func number(_ name: String) -> Double? {
    guard var text = value(name) else { return nil }
    return text.withUTF8 { ByteNumber.double($0) }
  }

  /// A duration attribute with its unit attribute, in seconds (`min`, `s`, `hr`, `ms`, `d`).
  func seconds(_ name: String, unit unitName: String) -> Double? {
    guard let amount = number(name) else { return nil }
    switch value(unitName) ?? "min" {
    case "s": return amount
    case "ms": return amount / 1000
    case "hr", "h": return amount * 3600
    case "d": return amount * 86_400
    default: return amount * 60
    }
  }

  /// The children called `name`.
  func children(named name: String) -> [HealthNode] {
    children.filter { $0.name == name }
  }

  /// The value of the first `MetadataEntry` child with this key.
  func metadata(_ key: String) -> String? {
    children.first { $0.name == "MetadataEntry" && $0.value("key") == key }?.value("value")
  }
}

/// Devices, stored once per description (the text after the per-record address).
enum HealthDevices {
  /// The id of `description`, added with its parsed fields when new.
  static func id(ofDescription description: String, in db: Database) throws(StoreError) -> Int64 {
    if let id = try db.rows("SELECT id FROM health_devices WHERE description = ?", [description])
      .first?.int64(0)
    {
      return id
    }
    let fields = Dictionary(
      HealthDevice.fields(description).map { ($0.key, $0.value) }, uniquingKeysWith: { a, _ in a })
    try db.execute(
      """
      INSERT INTO health_devices (description, name, manufacturer, model, hardware, software)
      VALUES (?, ?, ?, ?, ?, ?)
      """,
      [
        description, fields["name"], fields["manufacturer"], fields["model"], fields["hardware"],
        fields["software"],
      ])
    return db.lastInsertedRowID
  }
}
