import DispatchCore
import Foundation

/// The ambient sound level over one second (`sound` in docs/sensors.md#the-sensors): the microphone
/// is read through `parec` (PulseAudio, PipeWire) or `arecord` (ALSA) as 16-bit mono samples, which
/// become two dBFS numbers (average and peak) in memory. Nothing is recorded or kept but the
/// numbers. Off until the user turns it on.
public struct SoundSensor: SensorProvider {
  public let name = "sound"
  public let summary = "Ambient sound level over a second, in dBFS (microphone; nothing kept)"
  public let reach = SensorReach.microphone

  static let sampleRate = 16_000
  /// The quietest level reported, as Dispatch's scale begins at −160 dBFS.
  static let floorDBFS = -160.0

  public init() {}

  public func read(_ environment: SensorEnvironment) throws -> SensorContext {
    let seconds = environment.soundSeconds
    let recorders: [(String, [String])] = [
      (
        "parec",
        [
          "--raw", "--format=s16le", "--channels=1", "--rate=\(Self.sampleRate)",
          "--latency-msec=100",
        ]
      ),
      (
        "arecord",
        [
          "-q", "-t", "raw", "-f", "S16_LE", "-c", "1", "-r", "\(Self.sampleRate)", "-d",
          "\(max(1, Int(seconds.rounded(.up))))",
        ]
      ),
    ]
    let available = recorders.filter { environment.commands.exists($0.0) }
    guard !available.isEmpty else {
      throw SensorUnavailable("neither parec nor arecord is installed")
    }
    var problem = ""
    for (program, arguments) in available {
      // parec records until stopped: the time limit is how it ends.
      let result = try environment.commands.run(program, arguments, timeout: seconds + 0.25)
      let wanted = Int(Double(Self.sampleRate) * seconds * 0.25)
      if result.output.count / 2 >= wanted, let level = Self.level(ofSamples: result.output) {
        var context = SensorContext()
        context.audio = level
        return context
      }
      problem =
        result.status == 0 || result.timedOut
        ? "\(program) returned too little sound" : "\(program) exited with status \(result.status)"
    }
    throw SensorFailure(problem)
  }

  /// Average (RMS) and peak level of signed 16-bit little-endian samples, in dBFS rounded to
  /// a tenth; nil for fewer than one sample.
  static func level(ofSamples bytes: [UInt8]) -> AudioLevel? {
    let count = bytes.count / 2
    guard count > 0 else { return nil }
    var sumOfSquares = 0.0
    var peak = 0.0
    for index in 0..<count {
      let raw = Int16(bitPattern: UInt16(bytes[2 * index]) | UInt16(bytes[2 * index + 1]) << 8)
      let sample = Double(raw) / 32768
      sumOfSquares += sample * sample
      peak = max(peak, abs(sample))
    }
    let rms = (sumOfSquares / Double(count)).squareRoot()
    return AudioLevel(average: decibels(rms), peak: decibels(peak))
  }

  private static func decibels(_ amplitude: Double) -> Double {
    guard amplitude > 0 else { return floorDBFS }
    let value = max(floorDBFS, min(0, 20 * log10(amplitude)))
    return (value * 10).rounded() / 10
  }
}
