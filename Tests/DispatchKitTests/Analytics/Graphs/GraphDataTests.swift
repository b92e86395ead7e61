import DispatchKit
import Testing

/// Graph data read through the query language from a store.
struct GraphDataTests {
  @Test func `a type's main value per day, filtered by a query`() throws {
    let fixture = try QueryFixture()
    try fixture.mood("m1", at: 0, 4)
    try fixture.mood("m2", at: 60, 8)
    try fixture.mood("m3", at: 24 * 60, 2)
    try fixture.mood("m4", at: 3 * 24 * 60, 9)
    let data = try fixture.store.graphData(query: "mood", attribute: nil)
    #expect(data.typeName == "mood" && data.attribute?.name == "rating")
    #expect(data.samples.map(\.value) == [.number(4), .number(8), .number(2), .number(9)])
    let series = GraphBuilder.grouped(
      data.samples, grouping: .time(.day), aggregations: [.average], name: "rating")
    #expect(series.first?.points.map(\.y) == [6, 2, nil, 9])
    let high = try fixture.store.graphData(query: "mood where rating >= 5", attribute: "rating")
    #expect(high.samples.map(\.value) == [.number(8), .number(9)])
  }

  @Test func `counting has no values, and an unknown attribute says what there is`() throws {
    let fixture = try QueryFixture()
    try fixture.mood("m1", at: 0, 4)
    let counted = try fixture.store.graphData(query: "moods", attribute: nil, counting: true)
    #expect(counted.attribute == nil && counted.samples.map(\.value) == [nil])
    let error = #expect(throws: DispatchError.self) {
      try fixture.store.graphData(query: "mood", attribute: "ratin")
    }
    #expect(error?.message == "moods have no attribute 'ratin'; did you mean 'rating'?")
    #expect(throws: QueryDiagnostic.self) {
      try fixture.store.graphData(query: "mod", attribute: nil)
    }
  }
}
