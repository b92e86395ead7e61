extension StarterCatalog {
  static let social = #"""
    {"id": "social", "title": "Social contact", "tags": ["social", "wellbeing"],
     "credit": "Dispatch", "language": "en", "version": 1,
     "summary": "Whether you are alone, how you last connected with someone, how connected you feel, and who you talked to today.",
     "questions": [
      {"prompt": "Are you alone right now?", "type": "yesNo", "tags": ["day"]},
      {"prompt": "Would you rather be alone or with others right now?", "type": "multipleChoice",
       "choices": ["Alone", "With others", "No preference"], "tags": ["day"]},
      {"prompt": "How did you last talk with someone?", "type": "multipleChoice", "tags": ["day"],
       "choices": ["In person", "Phone call", "Video call", "Messages", "Social media"]},
      {"prompt": "How connected do you feel to other people?", "type": "number",
       "inputStyle": "scale", "inputMin": 1, "inputMax": 5, "inputStep": 1,
       "placeholder": "1 = isolated, 5 = very connected", "tags": ["day"]},
      {"prompt": "How many people have you had a real conversation with today?",
       "type": "number", "inputStyle": "stepper", "inputMin": 0, "inputStep": 1,
       "defaultAnswer": "0", "tags": ["sleep"]},
      {"prompt": "Who did you talk to today?", "type": "people", "tags": ["sleep"],
       "placeholder": "Names, comma-separated"}
     ]}
    """#

  /// Ten momentary affect items in the style of the short PANAS (five positive, five
  /// negative, rated 1–5), then the context items experience-sampling studies pair with them.
  static let momentaryAffect = #"""
    {"id": "ema-affect-context", "title": "Momentary affect and context (EMA)",
     "tags": ["research", "ema", "mood"], "credit": "Dispatch", "language": "en", "version": 1,
     "summary": "Research-style momentary assessment: ten short positive and negative affect ratings (1 = not at all, 5 = extremely) plus where you are, what you were doing, who you are with, recent stress, and how late you answered.",
     "questions": [
      {"prompt": "Right now, how alert do you feel?", "type": "number", "inputStyle": "scale", "inputMin": 1, "inputMax": 5, "inputStep": 1, "placeholder": "1 = not at all, 5 = extremely"},
      {"prompt": "Right now, how inspired do you feel?", "type": "number", "inputStyle": "scale", "inputMin": 1, "inputMax": 5, "inputStep": 1, "placeholder": "1 = not at all, 5 = extremely"},
      {"prompt": "Right now, how determined do you feel?", "type": "number", "inputStyle": "scale", "inputMin": 1, "inputMax": 5, "inputStep": 1, "placeholder": "1 = not at all, 5 = extremely"},
      {"prompt": "Right now, how attentive do you feel?", "type": "number", "inputStyle": "scale", "inputMin": 1, "inputMax": 5, "inputStep": 1, "placeholder": "1 = not at all, 5 = extremely"},
      {"prompt": "Right now, how active do you feel?", "type": "number", "inputStyle": "scale", "inputMin": 1, "inputMax": 5, "inputStep": 1, "placeholder": "1 = not at all, 5 = extremely"},
      {"prompt": "Right now, how upset do you feel?", "type": "number", "inputStyle": "scale", "inputMin": 1, "inputMax": 5, "inputStep": 1, "placeholder": "1 = not at all, 5 = extremely"},
      {"prompt": "Right now, how hostile do you feel?", "type": "number", "inputStyle": "scale", "inputMin": 1, "inputMax": 5, "inputStep": 1, "placeholder": "1 = not at all, 5 = extremely"},
      {"prompt": "Right now, how ashamed do you feel?", "type": "number", "inputStyle": "scale", "inputMin": 1, "inputMax": 5, "inputStep": 1, "placeholder": "1 = not at all, 5 = extremely"},
      {"prompt": "Right now, how nervous do you feel?", "type": "number", "inputStyle": "scale", "inputMin": 1, "inputMax": 5, "inputStep": 1, "placeholder": "1 = not at all, 5 = extremely"},
      {"prompt": "Right now, how afraid do you feel?", "type": "number", "inputStyle": "scale", "inputMin": 1, "inputMax": 5, "inputStep": 1, "placeholder": "1 = not at all, 5 = extremely"},
      {"prompt": "What kind of place are you in?", "type": "multipleChoice",
       "choices": ["Home", "Work or school", "Someone else's home", "Outdoors", "Transit",
                   "Shop, café or other public place"]},
      {"prompt": "What were you doing just before this prompt?", "type": "multipleChoice",
       "choices": ["Working or studying", "Housework or errands", "Eating or drinking",
                   "Leisure", "Exercise", "Socializing", "Commuting", "Resting"]},
      {"prompt": "Who are you with right now?", "type": "multipleChoice",
       "choices": ["Nobody", "Partner", "Family", "Friends", "Colleagues", "Strangers"]},
      {"prompt": "Has anything stressful happened since the last prompt?", "type": "yesNo"},
      {"prompt": "When did you notice this prompt?", "type": "multipleChoice",
       "choices": ["Just now", "Within 15 minutes", "More than 15 minutes ago"]}
     ]}
    """#
}
