import DispatchSupport

/// An option declared once with its type: its name, help and completions, and how its text
/// becomes a value, checked while the command line is parsed (``OptionSpec/converter``).
///
/// A command reads it with `invocation.value(option)`, already converted.
package struct Option<Value: Sendable>: Sendable {
  package let spec: OptionSpec

  package init(spec: OptionSpec) {
    self.spec = spec
  }

  /// The long name without dashes.
  package var name: String { spec.name }

  /// An option whose text `convert` turns into a value, or refuses with the message to show.
  package static func typed(
    _ name: String, _ valueName: String, short: Character? = nil, repeatable: Bool = false,
    completion: CompletionHint = .none, _ help: String,
    convert: @escaping @Sendable (String) throws(OptionValueError) -> Value
  ) -> Option {
    Option(
      spec: OptionSpec(
        name: name, short: short, valueName: valueName, isRepeatable: repeatable, help: help,
        completion: completion,
        converter: { text throws(OptionValueError) in try convert(text) }))
  }

  /// One of a fixed set of words; completions list the words, and a word that is not one says
  /// `'x' is not NOUN; did you mean 'y'?` (or lists the words); `noun` has its article: "a
  /// period", "an event".
  ///
  /// - Parameters:
  ///   - ignoringCase: whether `DAY` is `day`.
  ///   - subject: the start of the message for a word that is not one (default: `'x' is not
  ///     NOUN`); `separator` comes before the list of words when none is close.
  package static func choice(
    _ name: String, _ valueName: String, short: Character? = nil, repeatable: Bool = false,
    noun: String = "", _ choices: [(word: String, value: Value)], ignoringCase: Bool = false,
    subject: (@Sendable (String) -> String)? = nil, separator: String = "; ", _ help: String
  ) -> Option {
    // The words are listed only when needed (a completion script, an error): every start of
    // the program builds every option.
    typed(
      name, valueName, short: short, repeatable: repeatable,
      completion: .lazyValues { choices.map(\.word) }, help
    ) { text throws(OptionValueError) in
      if let match = choices.first(where: {
        ignoringCase ? $0.word.lowercased() == text.lowercased() : $0.word == text
      }) {
        return match.value
      }
      throw OptionValueError(
        Option.unknownChoice(
          subject?(text) ?? "'\(text)' is not \(noun)", text, among: choices.map(\.word),
          separator: separator))
    }
  }

  /// `<subject>; did you mean 'x'?` when one of `names` is close, else
  /// `<subject><separator>use one of a, b, c`.
  package static func unknownChoice(
    _ subject: String, _ text: String, among names: [String], separator: String = "; "
  ) -> String {
    if let close = Suggestion.closest(to: text, in: names) {
      return "\(subject); did you mean '\(close)'?"
    }
    return "\(subject)\(separator)use one of \(names.joined(separator: ", "))"
  }
}

extension Option where Value: RawRepresentable & CaseIterable, Value.RawValue == String {
  /// One of an enumeration's raw values (see
  /// ``choice(_:_:short:repeatable:noun:_:ignoringCase:subject:separator:_:)``).
  package static func choice(
    _ name: String, _ valueName: String, short: Character? = nil, repeatable: Bool = false,
    noun: String = "", ignoringCase: Bool = false, subject: (@Sendable (String) -> String)? = nil,
    separator: String = "; ", _ help: String
  ) -> Option {
    typed(
      name, valueName, short: short, repeatable: repeatable,
      completion: .lazyValues { Value.allCases.map(\.rawValue) }, help
    ) { text throws(OptionValueError) in
      let value =
        ignoringCase
        ? Value.allCases.first { $0.rawValue.lowercased() == text.lowercased() }
        : Value(rawValue: text)
      if let value { return value }
      throw OptionValueError(
        Option.unknownChoice(
          subject?(text) ?? "'\(text)' is not \(noun)", text,
          among: Value.allCases.map(\.rawValue), separator: separator))
    }
  }
}

extension Option where Value == Int {
  /// A whole number in `range`: `'x' is not valid for --name: expected a whole number from A
  /// to B` otherwise.
  package static func integer(
    _ name: String, _ valueName: String, in range: ClosedRange<Int>, _ help: String
  ) -> Option {
    typed(name, valueName, help) { text throws(OptionValueError) in
      guard let number = Int(text), range.contains(number) else {
        let expected =
          range.upperBound == Int.max
          ? "a whole number of at least \(range.lowerBound)"
          : "a whole number from \(range.lowerBound) to \(range.upperBound)"
        throw OptionValueError("'\(text)' is not valid for --\(name): expected \(expected)")
      }
      return number
    }
  }
}

extension Option where Value == Int {
  /// A whole number whose range the library checks.
  package static func wholeNumber(_ name: String, _ valueName: String, _ help: String) -> Option {
    typed(name, valueName, help) { text throws(OptionValueError) in
      guard let number = Int(text) else {
        throw OptionValueError("'\(text)' is not valid for --\(name): expected a whole number")
      }
      return number
    }
  }
}

extension Option where Value == Double {
  /// A finite decimal number.
  package static func number(_ name: String, _ valueName: String, _ help: String) -> Option {
    typed(name, valueName, help) { text throws(OptionValueError) in
      guard let number = Double(text), number.isFinite else {
        throw OptionValueError("'\(text)' is not valid for --\(name): expected a number")
      }
      return number
    }
  }
}
