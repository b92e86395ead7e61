import Foundation
import Testing

@testable import DispatchCLI
@testable import DispatchCommandLine

struct TerminalOutputTests {
  @Test func firstFrameClearsBelowTheCursor() {
    let frame = ScreenWriter.frame(lines: ["a", "b"], previousRows: 0, width: 80)
    #expect(frame.text == "\r\u{1B}[Ja\r\nb")
    #expect(frame.rows == 2)
  }

  @Test func laterFramesMoveUpOverThePreviousOne() {
    let frame = ScreenWriter.frame(lines: ["x"], previousRows: 3, width: 80)
    #expect(frame.text == "\r\u{1B}[2A\u{1B}[Jx")
    #expect(frame.rows == 1)
  }

  @Test func wrappedLinesCountTheirRows() {
    let long = String(repeating: "x", count: 25)
    let coloured = "\u{1B}[36m" + String(repeating: "y", count: 10) + "\u{1B}[0m"
    let frame = ScreenWriter.frame(lines: [long, "", coloured, "日本語"], previousRows: 0, width: 10)
    #expect(frame.rows == 3 + 1 + 1 + 1)
  }

  @Test func visibleTextDropsEscapes() {
    let style = TerminalStyle(colorEnabled: true)
    let text = style.bold("a") + style.accent("[b]") + "c"
    #expect(TerminalStyle.visibleText(text) == "a[b]c")
    #expect(TerminalStyle.visibleWidth("日本x") == 5)
    #expect(TerminalStyle.plain.bold("a") == "a")
    #expect(TerminalStyle.plain.textCursor == "_")
    #expect(style.dim("") == "")
  }

  @Test func rawSettingsTurnOffEchoLineEditingAndSignals() {
    var cooked = termios()
    cooked.c_lflag = tcflag_t(ECHO | ICANON | ISIG | IEXTEN)
    cooked.c_iflag = tcflag_t(ICRNL | IXON)
    cooked.c_oflag = tcflag_t(OPOST)
    let raw = RawTerminalMode.rawSettings(from: cooked)
    #expect(raw.c_lflag & tcflag_t(ECHO | ICANON | ISIG | IEXTEN) == 0)
    #expect(raw.c_iflag & tcflag_t(ICRNL | IXON) == 0)
    #expect(raw.c_oflag & tcflag_t(OPOST) != 0)
    var controls = raw.c_cc
    withUnsafeBytes(of: &controls) { bytes in
      #expect(bytes[Int(VMIN)] == 1)
      #expect(bytes[Int(VTIME)] == 0)
    }
  }

  @Test func rawModeOnSomethingThatIsNotATerminalThrows() throws {
    let pipe = Pipe()
    #expect(throws: TerminalError.self) {
      _ = try RawTerminalMode(
        input: pipe.fileHandleForReading.fileDescriptor,
        output: pipe.fileHandleForWriting.fileDescriptor)
    }
  }

  @Test func keyReaderDecodesAPipeAndEndsAtEndOfInput() throws {
    let pipe = Pipe()
    pipe.fileHandleForWriting.write(Data([0x61, 0x1B, 0x5B, 0x41, 0x1B]))
    try pipe.fileHandleForWriting.close()
    let reader = KeyReader(fileDescriptor: pipe.fileHandleForReading.fileDescriptor)
    #expect(try reader.next() == .character("a"))
    #expect(try reader.next() == .up)
    #expect(try reader.next() == .escape)
    #expect(try reader.next() == nil)
  }

  @Test func keyReaderResolvesALoneEscapeAfterAShortWait() throws {
    let pipe = Pipe()
    pipe.fileHandleForWriting.write(Data([0x1B]))
    let reader = KeyReader(fileDescriptor: pipe.fileHandleForReading.fileDescriptor)
    #expect(try reader.next() == .escape)
    pipe.fileHandleForWriting.write(Data([0x0D]))
    #expect(try reader.next() == .enter)
  }
}
