import DispatchCore
import Foundation

/// The clock a survey's sensor deadline is measured on. Injected so a test decides when the
/// deadline passes instead of sleeping through it.
public protocol SensorClock: Sendable {
  /// Seconds on a monotonic clock.
  func seconds() -> Double
  /// Waits until `signal` is signalled or the clock reaches `deadline`.
  ///
  /// - Returns: whether the signal came first.
  func wait(_ signal: DispatchSemaphore, until deadline: Double) -> Bool
}

/// The real ``SensorClock``: the system's monotonic clock.
public struct MonotonicSensorClock: SensorClock {
  public init() {}

  public func seconds() -> Double {
    Double(DispatchTime.now().uptimeNanoseconds) / 1e9
  }

  public func wait(_ signal: DispatchSemaphore, until deadline: Double) -> Bool {
    let remaining = max(0, deadline - seconds())
    return signal.wait(timeout: .now() + remaining) == .success
  }
}

/// How one provider did.
public enum SensorOutcomeState: Sendable, Equatable {
  /// It read this part of the context.
  case recorded(SensorContext)
  /// It has nothing to read here, and why.
  case unavailable(String)
  /// Reading failed, and how.
  case failed(String)
  /// It had not answered when the deadline passed.
  case timedOut
  /// The user turned it off (not run).
  case off
}

/// One provider's outcome in a collection.
public struct SensorOutcome: Sendable, Equatable {
  public var name: String
  public var state: SensorOutcomeState
  /// Seconds it took, when it answered.
  public var seconds: Double?
}

/// What a collection gathered: the merged context and each provider's outcome, in the order
/// the providers were given.
public struct SensorReadings: Sendable, Equatable {
  public var context: SensorContext
  public var outcomes: [SensorOutcome]

  /// The outcomes worth a line in the diagnostics log: providers that failed or were too slow.
  public var problems: [SensorOutcome] {
    outcomes.filter {
      switch $0.state {
      case .failed, .timedOut: return true
      case .recorded, .unavailable, .off: return false
      }
    }
  }
}

/// Runs providers concurrently, each on a thread of its own, and gathers what they have read
/// by one overall deadline (docs/sensors.md#timing-the-report-is-never-held-up). A provider that
/// hangs is left behind: its reading is dropped, it is reported as timed out, and nothing waits for
/// it.
///
/// Start it when the survey opens and ``finish()`` it when the report is filed, so the
/// sensors read while the user answers and filing waits at most for what is left of the
/// deadline.
public final class SensorCollection: @unchecked Sendable {
  private let names: [String]
  private let clock: any SensorClock
  private let deadline: Double
  private let started: Double
  private let signal = DispatchSemaphore(value: 0)
  private let lock = NSLock()
  private var answers: [String: (SensorOutcomeState, Double)] = [:]
  private var isClosed = false

  /// Starts every provider in `providers` now; the names in `off` are listed as off, not run.
  public init(
    providers: [any SensorProvider], off: [String] = [], environment: SensorEnvironment,
    deadlineSeconds: Double, clock: any SensorClock = MonotonicSensorClock()
  ) {
    self.clock = clock
    started = clock.seconds()
    deadline = started + deadlineSeconds
    names = providers.map(\.name) + off
    for name in off { answers[name] = (.off, 0) }
    for provider in providers {
      let thread = Thread { [self] in
        let begun = clock.seconds()
        let state: SensorOutcomeState
        do {
          state = .recorded(try provider.read(environment))
        } catch {
          switch SensorError(error) {
          case .unavailable(let reason): state = .unavailable(reason.reason)
          case .failed(let failure): state = .failed(failure.reason)
          }
        }
        answer(provider.name, state, seconds: clock.seconds() - begun)
      }
      thread.name = "sensor-\(provider.name)"
      thread.start()
    }
  }

  private func answer(_ name: String, _ state: SensorOutcomeState, seconds: Double) {
    lock.lock()
    let accepted = !isClosed
    if accepted { answers[name] = (state, seconds) }
    lock.unlock()
    if accepted { signal.signal() }
  }

  private var isComplete: Bool {
    lock.lock()
    defer { lock.unlock() }
    return answers.count == names.count
  }

  /// Waits until every provider has answered or the deadline has passed, whichever is first,
  /// then returns what arrived. Later answers are ignored.
  public func finish() -> SensorReadings {
    while !isComplete {
      if !clock.wait(signal, until: deadline) { break }
    }
    lock.lock()
    isClosed = true
    let arrived = answers
    lock.unlock()
    var context = SensorContext()
    var outcomes: [SensorOutcome] = []
    for name in names {
      guard let (state, seconds) = arrived[name] else {
        outcomes.append(SensorOutcome(name: name, state: .timedOut, seconds: nil))
        continue
      }
      if case .recorded(let part) = state { context.absorb(part) }
      outcomes.append(
        SensorOutcome(name: name, state: state, seconds: state == .off ? nil : seconds))
    }
    return SensorReadings(context: context, outcomes: outcomes)
  }
}

extension SensorContext {
  /// Takes every field `part` has and this context lacks; lists are appended.
  public mutating func absorb(_ part: SensorContext) {
    battery = battery ?? part.battery
    connection = connection ?? part.connection
    altitudeMeters = altitudeMeters ?? part.altitudeMeters
    audio = audio ?? part.audio
    location = location ?? part.location
    weather = weather ?? part.weather
    photos += part.photos
    health += part.health
    focus = focus ?? part.focus
    media = media ?? part.media
    deviceState = deviceState ?? part.deviceState
    motion = motion ?? part.motion
    stateOfMindSampleIDs += part.stateOfMindSampleIDs
  }
}
