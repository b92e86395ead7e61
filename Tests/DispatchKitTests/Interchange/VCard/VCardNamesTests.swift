import DispatchKit
import Foundation
import Testing

@testable import DispatchAnalytics
@testable import DispatchCore
@testable import DispatchFeatures
@testable import DispatchRender
@testable import DispatchServices
@testable import DispatchStorage
@testable import DispatchSupport

/// Reading contact names from vCard 2.1, 3.0 and 4.0 files (docs/people.md#contacts).
struct VCardNamesTests {
  @Test func `FN is the name, one per card, in file order`() {
    let text = """
      BEGIN:VCARD
      VERSION:4.0
      FN:Maya Lin
      TEL:+1 555 0100
      END:VCARD
      BEGIN:VCARD
      VERSION:4.0
      N:García;José;;;
      FN;CHARSET=UTF-8:José García
      END:VCARD
      """
    #expect(VCardNames.names(in: text) == ["Maya Lin", "José García"])
  }

  @Test func `a card without FN uses N as given, additional, family`() {
    let text = "BEGIN:VCARD\r\nVERSION:3.0\r\nN:Ferreira;Tomás;J.;Dr.;\r\nEND:VCARD\r\n"
    #expect(VCardNames.names(in: text) == ["Tomás J. Ferreira"])
  }

  @Test func `folded lines, escapes, groups and quoted-printable are undone`() {
    let text = """
      BEGIN:VCARD\r
      VERSION:2.1\r
      item1.FN;ENCODING=QUOTED-PRINTABLE;CHARSET=UTF-8:Ren=C3=A9e\r
      END:VCARD\r
      BEGIN:VCARD\r
      VERSION:3.0\r
      FN:Smith\\, Anne-\r
       Marie\r
      END:VCARD\r
      """
    #expect(VCardNames.names(in: text) == ["Renée", "Smith, Anne-Marie"])
  }

  @Test func `cards without a name, unfinished cards and junk give nothing`() {
    let text = """
      BEGIN:VCARD
      TEL:123
      END:VCARD
      BEGIN:VCARD
      FN:Never ended
      no colon here
      """
    #expect(VCardNames.names(in: text).isEmpty)
  }

  @Test func `a folder's vcf files are read in path order, nested ones included`() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "vcards-\(UUID().uuidString)")
    let nested = folder.appendingPathComponent("work")
    try FileManager.default.createDirectory(at: nested, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    func card(_ name: String) -> String { "BEGIN:VCARD\nFN:\(name)\nEND:VCARD\n" }
    try card("Zoe").write(
      to: folder.appendingPathComponent("b.vcf"), atomically: true, encoding: .utf8)
    try card("Al").write(
      to: folder.appendingPathComponent("a.VCF"), atomically: true, encoding: .utf8)
    try card("Kim").write(
      to: nested.appendingPathComponent("c.vcf"), atomically: true, encoding: .utf8)
    try "FN:Not a card file".write(
      to: folder.appendingPathComponent("notes.txt"), atomically: true, encoding: .utf8)
    #expect(try VCardNames.names(atPath: folder.path) == ["Al", "Zoe", "Kim"])
    #expect(try VCardNames.names(atPath: nested.appendingPathComponent("c.vcf").path) == ["Kim"])
    #expect(throws: DispatchError.self) {
      try VCardNames.names(atPath: folder.appendingPathComponent("missing.vcf").path)
    }
  }

  @Test func `random bytes never crash the reader`() {
    var random = SplitMix64(seed: 23)
    let alphabet = Array("BEGIN:VCARD\r\nFN;N:=\\;,. \tEND\u{E9}".unicodeScalars)
    for _ in 0..<500 {
      var text = ""
      for _ in 0..<Int(random.next() % 200) {
        text.unicodeScalars.append(alphabet[Int(random.next() % UInt64(alphabet.count))])
      }
      for name in VCardNames.names(in: text) {
        #expect(!name.isEmpty)
      }
    }
  }
}
