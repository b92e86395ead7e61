extension JSONNode {
  /// The node as a value to keep or write again: a number written without a fraction or
  /// exponent stays an integer.
  package var value: JSONValue {
    switch kind {
    case .null: return .null
    case .bool: return .bool(bool ?? false)
    case .number:
      if let text = numberText, !text.contains(where: { ".eE".contains($0) }), let int {
        return .int(Int64(int))
      }
      return .double(double ?? 0)
    case .string: return .string(string ?? "")
    case .array: return .array((array ?? []).map(\.value))
    case .object: return .object((object?.members ?? []).map { ($0.key, $0.value.value) })
    }
  }
}
