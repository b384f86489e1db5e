"""The app's screens and widgets, one per file: each screen an `@ft.component` taking
only the state areas it shows and calling their methods; each computes nothing of
the game itself."""
