import DispatchKit
import Testing

@testable import DispatchAnalytics
@testable import DispatchCore
@testable import DispatchFeatures
@testable import DispatchRender
@testable import DispatchServices
@testable import DispatchStorage
@testable import DispatchSupport

/// The query parser and the FTS5 expression it gives: user text is always quoted.
struct SearchQueryTests {
  @Test func `words, phrases, prefixes and exclusions parse into terms`() {
    let query = SearchQuery(parsing: #"  coffee "long walk" mus* -rain -"bad day"* "open"#)
    #expect(
      query.included == [.word("coffee"), .phrase("long walk"), .prefix("mus"), .phrase("open")])
    #expect(query.excluded == [.word("rain"), .prefix("bad day")])
  }

  @Test func `terms without a letter or digit are dropped`() {
    #expect(SearchQuery(parsing: "* ** - \"\" ... ()").isEmpty)
    #expect(SearchQuery(parsing: "-rain").isEmpty)
    #expect(SearchQuery(parsing: "a-b").included == [.word("a-b")])
  }

  @Test func `the expression quotes every term and restricts types`() {
    let none = PersonNames(namesByKey: [:])
    let query = SearchQuery(parsing: #"say"x NEAR( mu* -OR"#)
    #expect(
      query.matchExpression(names: none)
        == #"body : (("say""x" AND "NEAR(" AND "mu"*) NOT ("OR"))"#)
    #expect(
      SearchQuery(parsing: "tea").matchExpression(names: none, types: [.report, .activity])
        == #"record_type : ("activity" OR "report") AND body : ("tea")"#)
  }

  @Test func `a run of words naming a person becomes all of their names`() {
    let names = PersonNames(namesByKey: [
      "mary ann": ["Mary Ann", "mary ann", "Polly"], "bob": ["Bob", "Robert"],
    ])
    let query = SearchQuery(parsing: "MARY ann bob tea")
    #expect(query.candidateNameKeys.contains("mary ann"))
    #expect(
      query.matchExpression(names: names)
        == #"body : (("Mary Ann" OR "Polly") AND ("Bob" OR "Robert") AND "tea")"#)
  }
}
