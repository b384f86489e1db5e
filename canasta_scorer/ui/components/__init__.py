"""The app's screens and widgets, one per file; each renders `AppState` and calls
its methods, and computes nothing of the game itself."""
