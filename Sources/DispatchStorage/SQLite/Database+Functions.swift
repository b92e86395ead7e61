internal import CSQLite
import DispatchCore
import Foundation

/// SQL functions the query language needs and SQLite lacks: its `lower()` and `LIKE` fold
/// ASCII letters only, so "Café" and "CAFÉ" would differ; dosages compare by base-unit
/// amount (docs/formats/introspective.md#dosage).
extension Database {
  /// Registers `dispatch_fold(text)` (case-folded text), `dispatch_dosage(text)` (the amount
  /// of a dosage text in its dimension's base unit, NULL when it is not one),
  /// `dispatch_dosage_dimension(text)` (``Dosage/Dimension/key``) and `dispatch_name_key(text)` (a
  /// person's name as the registry matches it: ``NameKey``) on this connection.
  func registerFunctions() throws(StoreError) {
    // https://sqlite.org/c3ref/create_function.html: deterministic functions may appear in
    // indexes and are evaluated once per distinct argument; innocuous ones are safe in views.
    let flags = SQLITE_UTF8 | SQLITE_DETERMINISTIC | Int32(SQLITE_INNOCUOUS)
    let fold = sqlite3_create_function_v2(
      handle, "dispatch_fold", 1, flags, nil, foldText, nil, nil, nil)
    let dosage = sqlite3_create_function_v2(
      handle, "dispatch_dosage", 1, flags, nil, dosageAmount, nil, nil, nil)
    let dimension = sqlite3_create_function_v2(
      handle, "dispatch_dosage_dimension", 1, flags, nil, dosageDimension, nil, nil, nil)
    let nameKey = sqlite3_create_function_v2(
      handle, "dispatch_name_key", 1, flags, nil, nameKeyText, nil, nil, nil)
    for code in [fold, dosage, dimension, nameKey] where code != SQLITE_OK {
      throw StoreError(.sqlite(code: code), "cannot register the query language's SQL functions")
    }
  }
}

/// Folds text for case-insensitive comparison; ASCII without a copy into a Swift string.
private func foldText(
  _ context: OpaquePointer?, _ count: Int32, _ arguments: UnsafeMutablePointer<OpaquePointer?>?
) {
  guard let argument = arguments?[0], sqlite3_value_type(argument) != SQLITE_NULL,
    let bytes = sqlite3_value_text(argument)
  else {
    sqlite3_result_null(context)
    return
  }
  let length = Int(sqlite3_value_bytes(argument))
  let buffer = UnsafeBufferPointer(start: bytes, count: length)
  if buffer.allSatisfy({ $0 < 0x80 }) {
    let folded = [UInt8](unsafeUninitializedCapacity: length) { target, initialized in
      for (index, byte) in buffer.enumerated() {
        target[index] = byte >= 0x41 && byte <= 0x5A ? byte + 0x20 : byte
      }
      initialized = length
    }
    folded.withUnsafeBufferPointer { folded in
      sqlite3_result_text(
        context,
        UnsafeRawPointer(folded.baseAddress).map { $0.assumingMemoryBound(to: CChar.self) },
        Int32(length), csqlite_transient())
    }
    return
  }
  let folded = String(decoding: buffer, as: UTF8.self).folding(
    options: [.caseInsensitive], locale: nil)
  sqlite3_result_text(context, folded, -1, csqlite_transient())
}

/// The amount of a dosage text such as `20 mg` in its dimension's base unit
/// (``Dosage/measure``), or NULL.
private func dosageAmount(
  _ context: OpaquePointer?, _ count: Int32, _ arguments: UnsafeMutablePointer<OpaquePointer?>?
) {
  guard let text = firstText(arguments), let dosage = Dosage(parsing: text) else {
    sqlite3_result_null(context)
    return
  }
  sqlite3_result_double(context, dosage.measure)
}

/// What a dosage text measures (``Dosage/Dimension/key``), or NULL.
private func dosageDimension(
  _ context: OpaquePointer?, _ count: Int32, _ arguments: UnsafeMutablePointer<OpaquePointer?>?
) {
  guard let text = firstText(arguments), let dosage = Dosage(parsing: text) else {
    sqlite3_result_null(context)
    return
  }
  sqlite3_result_text(context, dosage.dimension.key, -1, csqlite_transient())
}

/// ``NameKey/normalize(_:)`` for SQL: how the people registry matches names.
private func nameKeyText(
  _ context: OpaquePointer?, _ count: Int32, _ arguments: UnsafeMutablePointer<OpaquePointer?>?
) {
  guard let text = firstText(arguments) else {
    sqlite3_result_null(context)
    return
  }
  sqlite3_result_text(context, NameKey.normalize(text), -1, csqlite_transient())
}

/// A function's first argument as text, or nil when it is NULL.
private func firstText(_ arguments: UnsafeMutablePointer<OpaquePointer?>?) -> String? {
  guard let argument = arguments?[0], sqlite3_value_type(argument) != SQLITE_NULL,
    let bytes = sqlite3_value_text(argument)
  else { return nil }
  return String(cString: bytes)
}
