import DispatchKit
import Testing

/// Prompt identity (docs/catalog.md#prompt-identity, with its examples).
struct CatalogDedupeTests {
  @Test func `the documented normalization vector`() {
    #expect(
      CatalogDedupe.normalizedPrompt("  Did you  exercise today?!") == "did you exercise today")
  }

  @Test func `the documented fingerprint vector`() {
    #expect(
      CatalogDedupe.fingerprint("Did you exercise today?")
        == "a912cc849e695dbf0b2b69fc28a8b0877aa154730032f9afea7a229657fa93b0")
    #expect(
      CatalogDedupe.fingerprint("did you exercise today")
        == CatalogDedupe.fingerprint("  Did you  exercise today?!"))
  }

  @Test func `NFC makes decomposed and precomposed accents equal`() {
    let decomposed = "Cafe\u{301} today?"
    #expect(CatalogDedupe.normalizedPrompt(decomposed) == "café today")
    #expect(CatalogDedupe.fingerprint(decomposed) == CatalogDedupe.fingerprint("Café today"))
  }

  @Test func `diacritics are not folded`() {
    #expect(CatalogDedupe.normalizedPrompt("Café?") != CatalogDedupe.normalizedPrompt("Cafe?"))
  }

  @Test func `curly quotes become straight quotes`() {
    #expect(
      CatalogDedupe.normalizedPrompt("What\u{2019}s \u{201C}fun\u{201D} \u{2018}now\u{2019}?")
        == "what's \"fun\" 'now'")
  }

  @Test func `whitespace runs of any kind collapse and trailing punctuation runs go`() {
    #expect(CatalogDedupe.normalizedPrompt("\tHow\n\n are   you …‽") == "how are you")
    #expect(CatalogDedupe.normalizedPrompt("Really?! Yes.") == "really?! yes")
    #expect(CatalogDedupe.normalizedPrompt("?!") == "")
    #expect(CatalogDedupe.normalizedPrompt("Why? ") == "why")
  }

  @Test func `the question import uses the same normalization`() {
    #expect(
      QuestionDefinitionImport.normalizedPrompt("  Did you  exercise today?!")
        == CatalogDedupe.normalizedPrompt("  Did you  exercise today?!"))
  }
}
