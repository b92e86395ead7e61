import DispatchKit
import Foundation
import Testing

/// Report and response IDs: version-4 UUIDs as Foundation writes them, without its
/// `/dev/urandom` per ID.
@Suite struct RandomIDTests {
  @Test func `an ID is an uppercase version-4 UUID with the RFC variant`() throws {
    let generator = RandomIDGenerator()
    for _ in 0..<1_000 {
      let id = generator.makeID()
      let uuid = try #require(UUID(uuidString: id), "\(id) is not a UUID")
      #expect(uuid.uuidString == id, "not written as Foundation writes it")
      let characters = Array(id)
      #expect(characters.count == 36)
      #expect(characters[14] == "4", "version nibble of \(id)")
      #expect("89AB".contains(characters[19]), "variant of \(id)")
    }
  }

  @Test func `IDs do not repeat and use every hex digit in their random places`() {
    let generator = RandomIDGenerator()
    let ids = (0..<20_000).map { _ in generator.makeID() }
    #expect(Set(ids).count == ids.count)
    // The first character is entirely random: all sixteen digits turn up in 20,000 IDs.
    #expect(Set(ids.map { $0.first! }).count == 16)
  }
}
