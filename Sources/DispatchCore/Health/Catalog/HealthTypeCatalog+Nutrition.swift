// Nutrition quantity types: every `HKQuantityTypeIdentifierDietary…` in Apple's
// HKTypeIdentifiers.h (iOS 18 SDK), all "Cumulative" there, so a day's intake is a sum. The
// header's base unit is `g` for every nutrient; the units here are the ones the Health app
// records and exports (docs/formats/apple-health.md#types-and-units: macros `g`, vitamins
// `mg`/`mcg`, water `mL`, energy `kcal`; caffeine `mg` as in the fixture).
extension HealthTypeCatalog {
  /// The 39 dietary types, alphabetical by identifier.
  static let nutrition: [HealthTypeInfo] = [
    quantity("DietaryBiotin", "Biotin", "mcg", .cumulative),
    quantity("DietaryCaffeine", "Caffeine", "mg", .cumulative, ["caffeine"]),
    quantity("DietaryCalcium", "Calcium", "mg", .cumulative),
    quantity("DietaryCarbohydrates", "Carbohydrates", "g", .cumulative, ["carbs"]),
    quantity("DietaryChloride", "Chloride", "mg", .cumulative),
    quantity("DietaryCholesterol", "Dietary Cholesterol", "mg", .cumulative, ["cholesterol"]),
    quantity("DietaryChromium", "Chromium", "mcg", .cumulative),
    quantity("DietaryCopper", "Copper", "mg", .cumulative),
    quantity(
      "DietaryEnergyConsumed", "Dietary Energy", "kcal", .cumulative,
      ["energy consumed", "food calories"]),
    quantity("DietaryFatMonounsaturated", "Monounsaturated Fat", "g", .cumulative),
    quantity("DietaryFatPolyunsaturated", "Polyunsaturated Fat", "g", .cumulative),
    quantity("DietaryFatSaturated", "Saturated Fat", "g", .cumulative),
    quantity("DietaryFatTotal", "Total Fat", "g", .cumulative, ["fat"]),
    quantity("DietaryFiber", "Fiber", "g", .cumulative, ["fibre"]),
    quantity("DietaryFolate", "Folate", "mcg", .cumulative),
    quantity("DietaryIodine", "Iodine", "mcg", .cumulative),
    quantity("DietaryIron", "Iron", "mg", .cumulative),
    quantity("DietaryMagnesium", "Magnesium", "mg", .cumulative),
    quantity("DietaryManganese", "Manganese", "mg", .cumulative),
    quantity("DietaryMolybdenum", "Molybdenum", "mcg", .cumulative),
    quantity("DietaryNiacin", "Niacin", "mg", .cumulative),
    quantity("DietaryPantothenicAcid", "Pantothenic Acid", "mg", .cumulative),
    quantity("DietaryPhosphorus", "Phosphorus", "mg", .cumulative),
    quantity("DietaryPotassium", "Potassium", "mg", .cumulative),
    quantity("DietaryProtein", "Protein", "g", .cumulative),
    quantity("DietaryRiboflavin", "Riboflavin", "mg", .cumulative),
    quantity("DietarySelenium", "Selenium", "mcg", .cumulative),
    quantity("DietarySodium", "Sodium", "mg", .cumulative),
    quantity("DietarySugar", "Dietary Sugar", "g", .cumulative, ["sugar"]),
    quantity("DietaryThiamin", "Thiamin", "mg", .cumulative),
    quantity("DietaryVitaminA", "Vitamin A", "mcg", .cumulative),
    quantity("DietaryVitaminB12", "Vitamin B12", "mcg", .cumulative),
    quantity("DietaryVitaminB6", "Vitamin B6", "mg", .cumulative),
    quantity("DietaryVitaminC", "Vitamin C", "mg", .cumulative),
    quantity("DietaryVitaminD", "Vitamin D", "mcg", .cumulative),
    quantity("DietaryVitaminE", "Vitamin E", "mg", .cumulative),
    quantity("DietaryVitaminK", "Vitamin K", "mcg", .cumulative),
    quantity("DietaryWater", "Water", "mL", .cumulative, ["hydration"]),
    quantity("DietaryZinc", "Zinc", "mg", .cumulative),
  ]
}
