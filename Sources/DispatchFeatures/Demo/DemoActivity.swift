/// What the demo person is doing during a stretch of the day; it decides the tokens answered
/// to "What are you doing?" and how the moment feels.
enum DemoActivity: Sendable {
  case morning
  case commute
  case work
  case lunch
  case gym
  case eveningHome
  case friendsDinner
  case outdoors
  case chores
  case cafe
  case family
  case errands
  case sick
  case packing
  case airport
  case flight
  case hotelMorning
  case sightseeing
  case marketLunch
  case fado
  case hotelEvening

  /// Candidate tokens, the most typical first (it is always among those answered).
  var tokens: [String] {
    switch self {
    case .morning: return ["breakfast", "coffee", "news", "shower", "podcast", "email"]
    case .commute: return ["commuting", "podcast", "reading", "music"]
    case .work:
      return ["coding", "meeting", "email", "code review", "planning", "writing", "standup"]
    case .lunch: return ["lunch", "chatting", "coffee", "walking"]
    case .gym: return ["gym", "workout", "weights", "running", "stretching"]
    case .eveningHome:
      return ["cooking", "dinner", "reading", "tv", "dishes", "video call", "podcast", "laundry"]
    case .friendsDinner: return ["dinner", "friends", "wine", "chatting"]
    case .outdoors: return ["walking", "running", "park", "sunshine"]
    case .chores: return ["cleaning", "laundry", "cooking", "groceries"]
    case .cafe: return ["coffee", "reading", "writing", "side project"]
    case .family: return ["family", "lunch", "chatting", "board games"]
    case .errands: return ["groceries", "errands", "walking"]
    case .sick: return ["resting", "tv", "tea", "napping", "reading"]
    case .packing: return ["packing", "laundry", "planning", "coffee"]
    case .airport: return ["travel", "airport", "waiting", "reading"]
    case .flight: return ["travel", "flight", "movie", "napping"]
    case .hotelMorning: return ["breakfast", "coffee", "pastel de nata", "planning"]
    case .sightseeing: return ["sightseeing", "walking", "photos", "museum", "tram 28"]
    case .marketLunch: return ["lunch", "seafood", "wine", "people watching"]
    case .fado: return ["dinner", "fado", "wine", "music"]
    case .hotelEvening: return ["reading", "planning", "photos", "resting"]
    }
  }

  /// Whether the activity is work ("Are you working?" → Yes).
  var isWork: Bool { self == .work }

  /// How much the activity lifts (or lowers) happiness, on the 1–10 scale.
  var happinessEffect: Double {
    switch self {
    case .friendsDinner, .fado: return 1.2
    case .outdoors, .sightseeing, .marketLunch, .family: return 0.8
    case .gym, .cafe, .hotelMorning, .hotelEvening: return 0.5
    case .commute, .chores, .errands, .airport, .packing: return -0.4
    case .flight: return -0.6
    case .sick: return -1.5
    case .morning, .work, .lunch, .eveningHome: return 0
    }
  }

  /// How much the activity adds to stress, on the 0–10 dial.
  var stressEffect: Double {
    switch self {
    case .work: return 3
    case .commute, .airport: return 1.5
    case .errands, .chores, .packing, .sick, .flight: return 0.8
    case .friendsDinner, .outdoors, .sightseeing, .fado, .cafe, .family: return -0.8
    default: return 0
    }
  }
}

/// People, notes and music of the demo history.
enum DemoVocabulary {
  /// Lives with the demo person.
  static let partner = "Maya"
  /// Colleagues at the office.
  static let coworkers = ["Alice", "Bob", "Chen Wei"]
  /// Friends met for dinners and weekends; time with them is the happiest.
  static let friends = ["José García", "Priya", "Sam"]
  /// Visited in Hoboken on some Sundays.
  static let mother = "Mom"
  /// Bob as he is typed at the gym: the registry ends up with two entries for one person,
  /// which `dispatch people merge Bobby --into Bob` joins.
  static let gymBuddy = "Bobby"
  /// A friend met in Lisbon during the trip.
  static let lisbonFriend = "Tomás Ferreira"

  /// Answers to "What did you learn today?".
  static let learnings = [
    "SQLite's WAL mode lets readers keep going while one writer commits.",
    "Pair programming goes faster when we swap every 25 minutes.",
    "How to make a proper risotto: patience and warm stock.",
    "The subway is quicker than the bus after 6 pm.",
    "A short walk after lunch keeps the afternoon slump away.",
    "Writing the test first made the bug obvious.",
    "Prospect Park has a waterfall.",
    "Saying no to a meeting is fine if you explain why.",
    "Sourdough needs a warmer spot in winter.",
    "Time zones are harder than they look.",
    "Reading before bed works better than scrolling.",
    "The espresso at Café Lumen is better with oat milk.",
    "Deadlines feel smaller once they are split into tasks.",
    "Chen Wei knows a great dumpling place in Flushing.",
    "Stretching after the gym means less soreness the next day.",
    "Mom's recipe for flan uses condensed milk.",
    "How to use git bisect to find a regression.",
    "Drinking water early in the day helps with headaches.",
    "Alice's trick for running a retro: start with what went well.",
    "Fado means fate.",
    "Pastel de nata is best warm, with cinnamon.",
    "The 28 tram is packed after 10 am: go early.",
    "Lisbon's seven hills are real.",
    "Sintra's palaces are worth the early train.",
  ]

  /// What was playing, as (title, artist, album).
  static let tracks = [
    ("Holocene", "Bon Iver", "Bon Iver, Bon Iver"),
    ("Midnight City", "M83", "Hurry Up, We're Dreaming"),
    ("Nude", "Radiohead", "In Rainbows"),
    ("Sunday Morning", "The Velvet Underground", "The Velvet Underground & Nico"),
    ("Gosto de Ti", "Mariza", "Fado Curvo"),
    ("Dreams", "Fleetwood Mac", "Rumours"),
    ("Night Owl", "Galimatias", "Urban Flora"),
  ]
}
