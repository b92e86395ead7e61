/// Record IDs as human output shows them: the first eight characters of a UUID, as `reports
/// list` always did — every command that takes an ID also takes a unique prefix of four or
/// more characters, so the short form can be pasted back. Detail views (`reports show`,
/// `people show`) and `--json` keep the whole ID; short IDs of our own (`ENERGY-1`) stay whole.
public enum DisplayID {
  public static let length = 8

  public static func short(_ id: String) -> String {
    id.count > 12 ? String(id.prefix(length)) : id
  }
}
