"""What a pupil reads while a lesson's Python starts, on the app's pages and the website's.

Voilà and Voici show "Running 04_declarer_and_dummy..." (our file's name), then "Starting up
kernel..." and "Executing 12 of 40", in English on the Japanese pages too, and nothing more if
the start stops half way. ``script(language)`` is a script for the page, after Voilà's own
helpers, that says instead, in the page's language (a page under ``ja/`` is Japanese), that the lesson is getting ready and how far
it has got; when nothing has changed for QUIET_SECONDS it adds a sentence and a "Start again"
button (the page loaded again). Voilà then writes "Loading widget..." in each widget's box until
the widget is drawn: the script says that in the page's language too. The app's template
(classroom/jupyter) and the website's build (website/build.py) put it in every page.

>>> "Getting the lesson ready" in script() and "じゅんび" in script()
True
"""
from __future__ import annotations

import json

from cardlib import messages, say

QUIET_SECONDS = 60  # a start that says nothing new for this long offers Start again
# What Voilà's and Voici's widget manager writes in a widget's box before the widget is drawn
# (or when it cannot be), and which of our sentences says it instead
VOILAS = {"Loading widget...": "widget", "Error displaying widget": "broken",
          "Error displaying widget: model not found": "broken"}

SCRIPT = r"""<script>
(() => {
  const words = WORDS[/\/ja\//.test(location.pathname) ? "ja" : "en"];
  const text = () => document.getElementById("loading_text");
  let quiet = null;
  const offer = () => {
    const box = document.getElementById("loading");
    if (!box || document.getElementById("mb-start-again")) return;
    const line = document.createElement("p");
    line.setAttribute("role", "status");
    line.style.cssText = lines + "font-size:1.3em;max-width:32em;margin:1em";
    line.textContent = words.slow;
    const again = document.createElement("button");
    again.id = "mb-start-again";
    again.type = "button";
    again.style.cssText = "font-size:1.3em;min-height:48px;padding:8px 24px;border-radius:8px";
    again.textContent = words.again;
    again.onclick = () => location.reload();
    box.style.flexDirection = "column";
    box.append(line, again);
  };
  const heard = () => { clearTimeout(quiet); quiet = setTimeout(offer, QUIET_MS); };
  const voilas = window.update_loading_text;
  window.update_loading_text = (step, steps) => {
    const el = text();
    if (el) el.textContent = steps ? words.step.replace("{step}", step).replace("{steps}", steps) : words.starting;
    heard();
  };
  if (window.voila_process === voilas) window.voila_process = window.update_loading_text;  // the app's cells call it
  // a Japanese sentence breaks only after its 、 and 。 (keep-all), and never before them (strict)
  const lines = "text-align:center;word-break:keep-all;overflow-wrap:anywhere;line-break:strict;padding:0 1em;";
  if (text()) { text().style.cssText += lines; text().textContent = words.starting; }
  heard();
  // each widget's box says it in the page's language, as soon as Voilà has written it in English
  // (it writes into a box before the box joins the page, so a box that joins is looked at too)
  const voilasWords = VOILAS;
  const inOurWords = box => {
    const said = box.nodeType === 1 && !box.childElementCount && words[voilasWords[box.textContent]];
    if (said) box.textContent = said;
  };
  new MutationObserver(changes => {
    for (const { target, addedNodes } of changes) {
      inOurWords(target);
      for (const node of addedNodes)
        if (node.nodeType === 1) { inOurWords(node); node.querySelectorAll(".jp-OutputArea-output").forEach(inOurWords); }
    }
  }).observe(document.documentElement, { childList: true, subtree: true });
})();
</script>"""


LANGUAGES = ("en", "ja")


def words(language: str) -> dict[str, str]:
    """The sentences in ``language``; the step's numbers stay ``{step}`` and ``{steps}``."""
    before = messages.current_language()
    messages.set_language(language)
    try:
        return {"starting": say("ex_starting"), "step": say("ex_starting_step", step="{step}", steps="{steps}"),
                "slow": say("ex_starting_slow"), "again": say("ex_starting_again"),
                "widget": say("ex_starting_widget"), "broken": say("ex_starting_broken")}
    finally:
        messages.set_language(before)


def script() -> str:
    """The page's script, with the words of every language."""
    every = json.dumps({language: words(language) for language in LANGUAGES}, ensure_ascii=False)
    return (SCRIPT.replace("WORDS", every.replace("</", "<\\/")).replace("VOILAS", json.dumps(VOILAS))
            .replace("QUIET_MS", str(QUIET_SECONDS * 1000)))
