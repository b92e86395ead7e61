import DispatchKit
import Testing

/// The built-in sets obey every catalog rule.
struct StarterCatalogTests {
  @Test func `the starter catalog validates`() throws {
    let index = try StarterCatalog.index()
    #expect(index.sets.map(\.id) == ["mood", "work", "sleep", "social", "ema-affect-context"])
    #expect(CatalogValidation.problems(index).isEmpty)
    for set in index.sets {
      #expect(!set.questions.isEmpty && set.credit == "Dispatch" && set.language == "en")
    }
  }

  @Test func `no prompt appears in two starter sets`() throws {
    let prompts = try StarterCatalog.index().sets.flatMap(\.questions).map(\.normalizedPrompt)
    #expect(Set(prompts).count == prompts.count)
  }

  @Test func `it survives a write and a read`() throws {
    let index = try StarterCatalog.index()
    #expect(try CatalogIndex.parse(Array(index.jsonText.utf8), file: "starter.json") == index)
  }

  @Test func `the research set pairs ten affect items with context items`() throws {
    let set = try #require(try StarterCatalog.index().set(id: "ema-affect-context"))
    let affect = set.questions.filter { $0.prompt.hasPrefix("Right now, how ") }
    #expect(affect.count == 10)
    #expect(affect.allSatisfy { $0.type == .number && $0.inputStyle == .scale && $0.inputMax == 5 })
    #expect(set.questions.count - affect.count == 5)
  }

  @Test func `every question added from the starter sets is a valid stored question`() throws {
    for set in try StarterCatalog.index().sets {
      for question in set.questions {
        #expect(
          question.question(id: "x", sortOrder: 0).validationProblems() == [], "\(question.prompt)")
      }
    }
  }
}
