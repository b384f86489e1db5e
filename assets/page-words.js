// Made by `python -m canasta_scorer.ui.page_words` from the catalogs: do not edit.
window.canastaPageWords = {
  "de": {
    "lost": "Die Verbindung zur App ist unterbrochen.",
    "retry": "Alle paar Sekunden wird es erneut versucht. Alles Gespeicherte ist sicher, und die Runde, die gerade eingegeben wird, bleibt erhalten: Sie kommt zurück, sobald die App wieder da ist."
  },
  "en": {
    "lost": "The connection to the app is lost.",
    "retry": "It is tried again every few seconds. Everything saved is safe, and the hand being entered is kept: it comes back when the app does."
  },
  "es": {
    "lost": "Se perdió la conexión con la aplicación.",
    "retry": "Se vuelve a intentar cada pocos segundos. Todo lo guardado está a salvo, y la mano que se estaba anotando se conserva: vuelve cuando vuelva la aplicación."
  },
  "it": {
    "lost": "La connessione con l'app si è interrotta.",
    "retry": "Si riprova ogni pochi secondi. Tutto ciò che è salvato è al sicuro, e la mano in corso di inserimento è conservata: torna quando torna l'app."
  },
  "pt_BR": {
    "lost": "A conexão com o aplicativo caiu.",
    "retry": "Uma nova tentativa é feita a cada poucos segundos. Tudo o que foi salvo está seguro, e a mão que estava sendo registrada foi guardada: ela volta quando o aplicativo voltar."
  }
};
