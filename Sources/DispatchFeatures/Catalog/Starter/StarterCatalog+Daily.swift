extension StarterCatalog {
  static let mood = #"""
    {"id": "mood", "title": "Mood check-in", "tags": ["mood", "wellbeing"], "credit": "Dispatch",
     "language": "en", "version": 1,
     "summary": "A quick read of how you feel, several times a day: a mood rating, the words that fit, stress and energy, and room for a note.",
     "questions": [
      {"prompt": "How is your mood right now?", "type": "number", "inputStyle": "scale",
       "inputMin": 1, "inputMax": 7, "inputStep": 1, "placeholder": "1 = very bad, 7 = very good",
       "tags": ["day"]},
      {"prompt": "Which words describe how you feel?", "type": "multipleChoice", "tags": ["day"],
       "choices": ["Calm", "Content", "Energetic", "Excited", "Tired", "Bored", "Anxious",
                   "Stressed", "Irritable", "Sad"]},
      {"prompt": "How stressed do you feel?", "type": "number", "inputStyle": "slider",
       "inputMin": 0, "inputMax": 10, "inputStep": 1, "placeholder": "0 = not at all, 10 = extremely",
       "tags": ["day"]},
      {"prompt": "How much energy do you have?", "type": "number", "inputStyle": "scale",
       "inputMin": 1, "inputMax": 5, "inputStep": 1, "placeholder": "1 = drained, 5 = full of energy",
       "tags": ["day"]},
      {"prompt": "What lifted your mood today?", "type": "tokens", "tags": ["sleep"],
       "placeholder": "Things that helped, comma-separated"},
      {"prompt": "Is anything on your mind?", "type": "note", "tags": ["day"],
       "placeholder": "A sentence or two"}
     ]}
    """#

  static let work = #"""
    {"id": "work", "title": "Work and focus", "tags": ["work", "productivity"],
     "credit": "Dispatch", "language": "en", "version": 1,
     "summary": "What you work on, where, and how well it goes: focus, interruptions, meetings, and an end-of-day rating.",
     "questions": [
      {"prompt": "What are you working on?", "type": "tokens", "tags": ["day"],
       "placeholder": "Project or task, comma-separated"},
      {"prompt": "Where are you working from?", "type": "multipleChoice", "tags": ["day"],
       "choices": ["Home", "Office", "Café", "Commuting", "Somewhere else"]},
      {"prompt": "How focused are you?", "type": "number", "inputStyle": "scale",
       "inputMin": 1, "inputMax": 5, "inputStep": 1, "placeholder": "1 = scattered, 5 = deep focus",
       "tags": ["day"]},
      {"prompt": "Were you interrupted in the last hour?", "type": "yesNo", "tags": ["day"]},
      {"prompt": "How many meetings have you had today?", "type": "number",
       "inputStyle": "stepper", "inputMin": 0, "inputStep": 1, "defaultAnswer": "0",
       "tags": ["day"]},
      {"prompt": "How productive was your day?", "type": "number", "inputStyle": "scale",
       "inputMin": 1, "inputMax": 5, "inputStep": 1, "placeholder": "1 = not at all, 5 = very",
       "tags": ["sleep"]}
     ]}
    """#

  static let sleep = #"""
    {"id": "sleep", "title": "Sleep", "tags": ["sleep", "health"], "credit": "Dispatch",
     "language": "en", "version": 1,
     "summary": "A morning sleep diary (when you fell asleep, how long and how well you slept) and two bedtime habits that affect it.",
     "questions": [
      {"prompt": "How did you sleep?", "type": "multipleChoice", "tags": ["wake"],
       "choices": ["Great", "OK", "Poorly"]},
      {"prompt": "What time did you fall asleep?", "type": "time", "tags": ["wake"]},
      {"prompt": "How many hours did you sleep?", "type": "number", "inputMin": 0,
       "inputMax": 16, "inputStep": 0.5, "placeholder": "Hours, e.g. 7.5", "tags": ["wake"]},
      {"prompt": "Did you wake up during the night?", "type": "yesNo", "tags": ["wake"]},
      {"prompt": "How rested do you feel?", "type": "number", "inputStyle": "scale",
       "inputMin": 1, "inputMax": 5, "inputStep": 1, "placeholder": "1 = exhausted, 5 = fully rested",
       "tags": ["wake"]},
      {"prompt": "Did you have caffeine after 2 pm?", "type": "yesNo", "tags": ["sleep"]},
      {"prompt": "Did you look at a screen in the last hour?", "type": "yesNo", "tags": ["sleep"]}
     ]}
    """#
}
