import Foundation

/// `near (lat, lon) [within R]`: places within a radius, by an equirectangular distance (exact
/// enough below a few hundred kilometres), after a latitude/longitude box SQLite can check
/// cheaply.
extension QueryCompiler {
  /// The radius when a query gives none: about a building and its street.
  static let defaultRadiusMetres = 200.0
  private static let metresPerDegreeLatitude = 110_574.0
  private static let metresPerDegreeLongitudeAtEquator = 111_320.0

  func nearTest(_ attribute: QueryAttribute, alias: String, _ values: [ValueSyntax])
    throws(QueryDiagnostic) -> SQLFragment
  {
    guard let coordinates = attribute.coordinates else {
      throw QueryDiagnostic(
        .operatorNotApplicable, "'\(attribute.name)' has no coordinates",
        range: values[0].range)
    }
    guard let latitude = Self.number(values[0].text), abs(latitude) <= 90 else {
      throw QueryDiagnostic(
        .invalidNumber, "'\(values[0].written)' is not a latitude (-90 to 90)",
        range: values[0].range)
    }
    guard let longitude = Self.number(values[1].text), abs(longitude) <= 180 else {
      throw QueryDiagnostic(
        .invalidNumber, "'\(values[1].written)' is not a longitude (-180 to 180)",
        range: values[1].range)
    }
    let radius = try values.count > 2 ? distance(values[2]) : Self.defaultRadiusMetres
    let latitudeSpan = radius / Self.metresPerDegreeLatitude
    let perDegree = Swift.max(
      1, Self.metresPerDegreeLongitudeAtEquator * cos(latitude * .pi / 180))
    let longitudeSpan = radius / perDegree
    let check = SQLFragment(
      """
      lat BETWEEN ? AND ? AND lon BETWEEN ? AND ? AND \
      ((lat - ?) * ?) * ((lat - ?) * ?) + ((lon - ?) * ?) * ((lon - ?) * ?) <= ?
      """,
      [
        .real(latitude - latitudeSpan), .real(latitude + latitudeSpan),
        .real(longitude - longitudeSpan), .real(longitude + longitudeSpan),
        .real(latitude), .real(Self.metresPerDegreeLatitude), .real(latitude),
        .real(Self.metresPerDegreeLatitude), .real(longitude), .real(perDegree),
        .real(longitude), .real(perDegree), .real(radius * radius),
      ])
    return SQLFragment("EXISTS (SELECT 1 FROM (") + coordinates.on(alias)
      + SQLFragment(") WHERE ") + check + SQLFragment(")")
  }

  /// Metres in `500 m`, `2 km`, `1 mi`, `300 ft`.
  private func distance(_ value: ValueSyntax) throws(QueryDiagnostic) -> Double {
    let units: [String: Double] = [
      "m": 1, "metre": 1, "metres": 1, "meter": 1, "meters": 1, "km": 1000, "kilometre": 1000,
      "kilometres": 1000, "kilometer": 1000, "kilometers": 1000, "mi": 1609.344, "mile": 1609.344,
      "miles": 1609.344, "ft": 0.3048, "feet": 0.3048,
    ]
    var text = value.text
    var unit = value.unit
    if unit == nil, let split = text.firstIndex(where: { $0.isLetter }) {
      unit = String(text[split...])
      text = String(text[..<split])
    }
    guard let amount = Self.number(text), amount > 0, let word = unit,
      let scale = units[word.lowercased()]
    else {
      throw QueryDiagnostic(
        .invalidDuration, "'\(value.written)' is not a distance", range: value.range,
        hint: "for example 500 m, 2 km, 1 mi")
    }
    return amount * scale
  }
}
