"""Everyday words players search with, per rule reference or record id.

The rulebooks say "victory" where a player types "win"; these words are printed (small, after the
citation) with the rule they lead to, so the site's search finds the rule by them. They are search
words, not rules text: no fact of the game is stated here.
"""

import json

SEARCH_TERMS: dict[str, tuple[str, ...]] = {
    # Paleo, the base game
    "game:paleo#victory": ("win", "winning", "how to win", "won"),
    "game:paleo#defeat": ("lose", "losing", "lost", "game over", "fifth skull"),
    "game:paleo#tie": ("same time", "draw", "both"),
    "game:paleo#night/feeding": ("eat", "eating", "hungry", "starve", "feed"),
    "game:paleo#people-and-wounds": ("die", "dies", "dead", "death", "injury", "health"),
    "game:paleo#help": ("assist", "helping"),
    "game:paleo#ignore": ("skip", "pass"),
    "game:paleo#danger": ("red back", "must resolve"),
    "game:paleo#sleep-early": ("asleep", "give up my deck", "fall asleep"),
    "game:paleo#crafting": ("craft", "make a tool", "build a tool"),
    "game:paleo#dice": ("roll", "rolling"),
    "game:paleo#day/choose": ("which card", "look at the backs", "pick a card"),
    "game:paleo#night/new-day": ("next day", "reshuffle"),
    "game:paleo#setup/starting-groups": ("starting people", "first people"),
    # A New Beginning
    "product:anb#food-spoils": ("rot", "rotten", "spoiled food"),
    "product:anb#combining-modules": ("three modules", "how many modules"),
    "board:farm#capture-animal": ("stable", "catch"),
    # Path of the Elders
    "board:cult-site#refill-display": ("display empty",),
    # The White Whale
    "module:whale/T#go-out-to-sea": ("boat", "sail", "sailing"),
    "module:whale/T#same-boat": ("together", "everyone in the boat"),
    # PaleoVet
    "game:paleovet#scoring": ("points", "final score", "score"),
    "game:paleovet#end-of-game": ("game ends", "last round"),
}

# Query words that say nothing about which rule is meant; the site's search drops them from a question
# ("how do I win" searches "victory"), unless nothing else is left.
STOP_WORDS = (
    "a", "an", "and", "are", "at", "be", "can", "could", "did", "do", "does", "for", "from", "game", "get", "happen",
    "happens", "how", "i", "if", "in", "is", "it", "my", "of", "on", "or", "our", "rule", "rules", "should", "the",
    "there", "to", "we", "what", "when", "where", "which", "who", "why", "will", "with", "work", "works", "you",
)

# Everyday word -> the word the rulebooks (and so the site's titles) use. Applied to whole words of a query.
SYNONYMS: dict[str, str] = {
    "win": "victory", "wins": "victory", "won": "victory", "winning": "victory",
    "lose": "defeat", "loses": "defeat", "lost": "defeat", "losing": "defeat", "loss": "defeat",
    "die": "death", "dies": "death", "died": "death", "dead": "death", "dying": "death", "killed": "death",
    "person": "people", "persons": "people",
    "eat": "feeding", "eats": "feeding", "eating": "feeding", "hungry": "feeding", "starve": "feeding", "feed": "feeding",
    "skip": "ignore", "pass": "ignore",
    "sail": "sea", "sailing": "sea",
    "score": "scoring", "points": "scoring",
    "rot": "spoils", "rotten": "spoils", "spoil": "spoils",
    "craft": "crafting", "make": "crafting",
    "draw": "tie",
}

# Everyday phrase -> the rulebooks' word, applied to the whole query before it is split into words (a player
# asks about "the 5th skull"; the rulebook calls it defeat). Keys are lower case, whole words.
PHRASES: dict[str, str] = {
    "set up": "setup", "setting up": "setup",
    "5th skull": "defeat", "fifth skull": "defeat", "5 skulls": "defeat", "five skulls": "defeat",
}


def search_words_js() -> str:
    """The script that rewrites a search before the search worker sees it (stop words out, synonyms in)."""
    return (_SEARCH_WORDS_JS.replace("__STOP__", json.dumps(sorted(STOP_WORDS)))
            .replace("__SYN__", json.dumps(SYNONYMS, sort_keys=True))
            .replace("__PHRASES__", json.dumps(sorted(PHRASES.items(), key=lambda kv: -len(kv[0])))))


_SEARCH_WORDS_JS = r"""// Generated from compiler/docs/search_terms.py: players' questions searched in the rulebooks' words.
// Wraps the search worker so that each query drops words that name no rule and maps everyday words
// to the rulebooks' ones ("how do I win" -> "victory"; a query of stop words alone is left as it is),
// and so that a rule, a section of its page, ranks as a page would.
(function () {
  "use strict";
  var STOP = __STOP__;
  var SYN = __SYN__;
  var PHRASES = __PHRASES__;  // [phrase, word], longest first
  var stop = {};
  STOP.forEach(function (w) { stop[w] = true; });

  function rewrite(query) {
    if (/[*+\-:^~"]/.test(query)) { return query; }  // the user wrote lunr syntax: leave it alone
    var text = " " + query.toLowerCase().split(/[\s?!.,;]+/).filter(Boolean).join(" ") + " ";
    PHRASES.forEach(function (pw) { text = text.split(" " + pw[0] + " ").join(" " + pw[1] + " "); });
    var words = text.split(" ").filter(Boolean);
    var kept = words.filter(function (w) { return !stop[w]; });
    if (!kept.length) { return query; }
    var out = [];
    kept.forEach(function (w) {
      var s = SYN[w] || w;
      // a module letter or a number matches itself only (lunr's `^1`: no trailing wildcard), so
      // "module X" is not taken for "Xrib" nor "secret 2" for "23"
      if (/^([a-z]|\d+)$/.test(s)) { s += "^1"; }
      if (out.indexOf(s) < 0) { out.push(s); }
    });
    return out.join(" ");
  }
  window.__paleoSearchRewrite = rewrite;

  // The search scores a page's own entry 2.5 times a section's for the same match, so a rule (a section
  // of its rules page) lost to any page that merely names the word. Results are grouped by page; the
  // groups are put in order of their best entry with sections scored as pages are.
  var SECTION = 2.5;
  function rerank(groups) {
    function best(group) {
      return group.reduce(function (m, d) {
        var s = (d.score || 0) * (String(d.location).indexOf("#") >= 0 ? SECTION : 1);
        return s > m ? s : m;
      }, 0);
    }
    return groups.map(function (g, i) { return { g: g, s: best(g), i: i }; })
      .sort(function (a, b) { return b.s - a.s || a.i - b.i; })
      .map(function (x) { return x.g; });
  }

  var Base = window.Worker;
  if (typeof Base !== "function") { return; }
  window.Worker = function PaleoSearchWorker(url, options) {
    var worker = options === undefined ? new Base(url) : new Base(url, options);
    var post = worker.postMessage.bind(worker);
    var listen = worker.addEventListener.bind(worker);
    worker.addEventListener = function (type, handler, options) {
      if (type !== "message" || typeof handler !== "function") { return listen(type, handler, options); }
      return listen(type, function (event) {
        var data = event.data;
        if (data && data.type === 3 && data.data && Array.isArray(data.data.items)) {  // search results
          data = Object.assign({}, data, { data: Object.assign({}, data.data, { items: rerank(data.data.items) }) });
          event = new MessageEvent("message", { data: data });
        }
        return handler.call(worker, event);
      }, options);
    };
    worker.postMessage = function (message) {
      if (message && message.type === 2 && typeof message.data === "string") {  // a search query
        message = Object.assign({}, message, { data: rewrite(message.data) });
      }
      return post.apply(null, [message].concat(Array.prototype.slice.call(arguments, 1)));
    };
    return worker;
  };
})();
"""
