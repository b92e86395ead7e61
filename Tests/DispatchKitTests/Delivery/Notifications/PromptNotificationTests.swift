import DispatchKit
import Testing

/// Prompt notification content: titles, bodies and actions (docs/daemon.md#notification-content).
struct PromptNotificationTests {
  private let reportNow = NotificationAction(id: "report", label: "Report now")
  private let snooze = NotificationAction(id: "snooze", label: "Snooze 15m")

  @Test func `a main prompt without a yes-no question asks the generic question`() {
    let prompt = PromptNotification.main(promptID: "prompt-20260709-1432", yesNoQuestion: nil)
    #expect(
      prompt
        == PromptNotification(
          promptID: "prompt-20260709-1432", title: "Time to report",
          body: "What are you up to right now?", actions: [reportNow, snooze], urgency: .normal,
          expiresAfterSeconds: nil, groupID: nil))
  }

  @Test func `a yes-no question becomes the body and two quick answers`() {
    let prompt = PromptNotification.main(
      promptID: "p", yesNoQuestion: ("Are you outside?", ["Outdoors", "Inside"]),
      expiresAfterSeconds: 3600)
    #expect(prompt.body == "Are you outside?")
    #expect(
      prompt.actions == [
        reportNow, snooze, NotificationAction(id: "answer-yes", label: "Outdoors"),
        NotificationAction(id: "answer-no", label: "Inside"),
      ])
    #expect(prompt.expiresAfterSeconds == 3600)
  }

  @Test(arguments: [
    ([], "Yes", "No"), (["Sí"], "Sí", "No"), (["", " "], "Yes", "No"), (["A", "B", "C"], "A", "B"),
  ])
  func `quick answer labels fall back to Yes and No`(choices: [String], yes: String, no: String) {
    let prompt = PromptNotification.main(promptID: "p", yesNoQuestion: ("Q?", choices))
    #expect(prompt.actions.map(\.label) == ["Report now", "Snooze 15m", yes, no])
  }

  @Test func `a blank yes-no prompt keeps the generic body`() {
    let prompt = PromptNotification.main(promptID: "p", yesNoQuestion: ("  ", ["Y", "N"]))
    #expect(prompt.body == "What are you up to right now?")
    #expect(prompt.actions.count == 4)
  }

  @Test(arguments: [
    ("Evening check-in" as String?, "How was dinner?" as String?, "Evening check-in"),
    (nil, "How was dinner?", "How was dinner?"),
    ("", "How was dinner?", "How was dinner?"),
    (nil, nil, "What are you up to right now?"),
  ])
  func `a group prompt shows its name, else its first question`(
    name: String?, first: String?, body: String
  ) {
    let prompt = PromptNotification.group(
      promptID: "gprompt-g1-20260709-1432", groupID: "g1", groupName: name, firstPrompt: first)
    #expect(prompt.title == "Time to report")
    #expect(prompt.body == body)
    #expect(prompt.actions == [reportNow, snooze])
    #expect(prompt.groupID == "g1")
  }

  @Test func `the group ID is read from a prompt identifier when not given`() {
    let uuid = "6F9619FF-8B86-D011-B42D-00C04FC964FF"
    let group = PromptNotification.group(
      promptID: "gprompt-\(uuid)-20260709-1432", groupName: "Work", firstPrompt: nil)
    #expect(group.groupID == uuid)
    let monitor = PromptNotification.group(
      promptID: "mprompt-home-20260709-0800", groupName: nil, firstPrompt: nil)
    #expect(monitor.groupID == "home")
    let odd = PromptNotification.group(promptID: "trigger-1", groupName: nil, firstPrompt: nil)
    #expect(odd.groupID == nil)
  }

  @Test func `a nag repeats the parent urgently under its own identifier`() {
    let parent = PromptNotification.main(
      promptID: "prompt-20260709-1432", yesNoQuestion: ("Outside?", []), expiresAfterSeconds: 600)
    let nag = PromptNotification.nag(parent: parent, number: 2)
    #expect(
      nag
        == PromptNotification(
          promptID: "nag-prompt-20260709-1432-2", title: "Still waiting on your report",
          body: "Outside?", actions: parent.actions, urgency: .critical,
          expiresAfterSeconds: 600, groupID: nil))
  }

  @Test func `a snoozed prompt fires again with the parent's content`() {
    let parent = PromptNotification.group(
      promptID: "gprompt-g-20260709-1432", groupName: "Gym", firstPrompt: nil)
    #expect(PromptNotification.snoozed(parent: parent) == parent)
    var renamed = parent
    renamed.promptID = "snooze-1234"
    #expect(PromptNotification.snoozed(parent: parent, promptID: "snooze-1234") == renamed)
  }

  @Test func `responses are the ids dispatch act accepts`() {
    #expect(
      NotificationResponse.allCases.map(\.rawValue) == [
        "report", "snooze", "answer-yes", "answer-no", "dismissed", "undelivered",
      ])
  }
}
