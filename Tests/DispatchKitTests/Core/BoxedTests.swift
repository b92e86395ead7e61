import DispatchKit
import Testing

/// Out-of-line storage keeps value semantics: copies are independent, equality is by value.
struct BoxedTests {
  @Test func `a copy does not see a later write to the original`() {
    var context = SensorContext(location: LocationSnapshot(latitude: 1))
    let copy = context
    context.location?.latitude = 2
    #expect(copy.location?.latitude == 1)
    #expect(context.location?.latitude == 2)
    #expect(copy != context)
  }

  @Test func `equal values in different boxes compare equal, nil differs from a value`() {
    var weather = WeatherObservation()
    weather.tempC = 20
    let left = SensorContext(weather: weather)
    let right = SensorContext(weather: weather)
    #expect(left == right)
    #expect(SensorContext() != left)
    var cleared = left
    cleared.weather = nil
    #expect(cleared == SensorContext())
  }
}
