extension WebAssets {
  /// `app.js`: what JavaScript adds to the forms (which work without it): live slider values,
  /// tap and step buttons, the review on the phone, and filing that survives being offline —
  /// answers kept in the browser under a fresh report ID with the time they were given, sent
  /// when the connection returns (a retry of the same ID never files twice).
  static let script = #"""
    "use strict";
    (function () {
      const OUTBOX = "dispatch.outbox";
      // Kept answers the server refused (a question removed meanwhile): never dropped silently.
      const REFUSED = "dispatch.refused";
      const form = document.getElementById("survey");
      const review = document.getElementById("review");

      function kept() {
        try { return JSON.parse(localStorage.getItem(OUTBOX) || "[]"); } catch (e) { return []; }
      }
      function keep(items) { localStorage.setItem(OUTBOX, JSON.stringify(items)); }
      function refused() {
        try { return JSON.parse(localStorage.getItem(REFUSED) || "[]"); } catch (e) { return []; }
      }

      function newID() {
        const bytes = new Uint8Array(16);
        crypto.getRandomValues(bytes);
        bytes[6] = (bytes[6] & 0x0f) | 0x40;
        bytes[8] = (bytes[8] & 0x3f) | 0x80;
        const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
        return [hex.slice(0, 8), hex.slice(8, 12), hex.slice(12, 16), hex.slice(16, 20),
          hex.slice(20)].join("-");
      }

      function element(tag, className, text) {
        const node = document.createElement(tag);
        if (className) node.className = className;
        if (text !== undefined) node.textContent = text;
        return node;
      }

      function enhance() {
        form.querySelectorAll("input[type=range]").forEach((range) => {
          const output = form.querySelector('output[for="' + range.id + '"]');
          const skip = form.querySelector('[data-skip-for="' + range.id + '"]');
          range.addEventListener("input", () => {
            if (output) output.textContent = range.value;
            if (skip) skip.checked = false;
          });
        });
        form.querySelectorAll("button[data-for]").forEach((button) => {
          button.hidden = false;
          button.addEventListener("click", () => {
            const input = document.getElementById(button.dataset.for);
            const low = input.min === "" ? -Infinity : parseFloat(input.min);
            const high = input.max === "" ? Infinity : parseFloat(input.max);
            let value = parseFloat(input.value);
            if (isNaN(value)) value = isFinite(low) ? low : 0;
            value = Math.min(high, Math.max(low, value + parseFloat(button.dataset.step)));
            input.value = String(Math.round(value * 1e6) / 1e6);
          });
        });
      }

      function questionTitle(question) {
        const label = question.querySelector("legend, label");
        return label ? label.textContent.trim() : "";
      }

      function answerText(question) {
        if (question.querySelector("[data-skip-for]:checked")) return "—";
        const boxes = question.querySelectorAll(".choices input, .scale input");
        if (boxes.length) {
          const chosen = Array.from(boxes).filter((box) => box.checked)
            .map((box) => box.parentElement.textContent.trim());
          return chosen.length ? chosen.join(", ") : "—";
        }
        const field = question.querySelector(
          "input[type=text], input[type=number], input[type=range], input[type=time], textarea");
        if (!field || field.value.trim() === "") return "—";
        let text = field.value.trim();
        if (field.type === "time" && question.querySelector('input[name^="yesterday."]:checked')) {
          text += " yesterday";
        }
        return text;
      }

      function showReview() {
        form.elements.answered_at.value = String(Date.now());
        const list = element("dl", "answers");
        form.querySelectorAll(".q").forEach((question) => {
          list.append(element("dt", "", questionTitle(question)),
            element("dd", "", answerText(question)));
        });
        const heading = element("h2", "", "Review");
        heading.tabIndex = -1;
        const file = element("button", "primary", "File report");
        const change = element("button", "secondary", "Change answers");
        file.type = change.type = "button";
        const actions = element("div", "actions");
        actions.append(file, change);
        review.replaceChildren(heading, list, actions);
        form.hidden = true;
        review.hidden = false;
        heading.focus();
        change.addEventListener("click", () => {
          review.hidden = true;
          form.hidden = false;
          form.querySelector("button[type=submit]").focus();
        });
        file.addEventListener("click", () => fileAnswers(file));
      }

      async function send(body) {
        try {
          const response = await fetch("/file", {
            method: "POST", body: body, credentials: "same-origin",
            headers: { "Content-Type": "application/x-www-form-urlencoded",
              "Accept": "application/json" } });
          let data = {};
          try { data = await response.json(); } catch (e) { data = {}; }
          if (response.ok) return { filed: true, id: data.id };
          if (response.status >= 500 || response.status === 429) return { later: true };
          return { problem: data.error || ("the server answered " + response.status) };
        } catch (e) {
          return { later: true };
        }
      }

      async function fileAnswers(button) {
        button.disabled = true;
        const body = new URLSearchParams(new FormData(form)).toString();
        const result = await send(body);
        if (result.filed) {
          location.assign("/filed/" + encodeURIComponent(result.id));
        } else if (result.later) {
          keep(kept().concat([{ body: body, kept: Date.now() }]));
          const note = element("p", "", "Kept on this phone: it is filed, with the time you " +
            "answered, as soon as the phone is online again.");
          const again = element("a", "button", "Answer again");
          again.href = "/";
          review.replaceChildren(element("h2", "", "Saved offline"), note, again);
          showKept();
        } else {
          const problem = element("p", "problem", result.problem);
          problem.setAttribute("role", "alert");
          review.prepend(problem);
          button.disabled = false;
        }
      }

      function showKept() {
        const line = document.getElementById("outbox");
        if (!line) return;
        const count = kept().length;
        const failed = refused();
        line.hidden = count === 0 && failed.length === 0;
        let text = count === 0 ? "" : count === 1 ? "1 report is waiting to be sent. " :
          count + " reports are waiting to be sent. ";
        if (failed.length) {
          text += failed.length + " kept on this phone could not be filed: " +
            failed[failed.length - 1].problem;
        }
        line.textContent = text.trim();
      }

      let sending = false;
      async function sendKept() {
        if (sending || kept().length === 0) return;
        sending = true;
        try {
          for (const item of kept()) {
            const result = await send(item.body);
            if (result.later) break;
            keep(kept().filter((other) => other.body !== item.body));
            if (result.problem) {
              localStorage.setItem(REFUSED, JSON.stringify(refused().concat(
                [{ body: item.body, kept: item.kept, problem: result.problem }])));
            }
          }
        } finally {
          sending = false;
          showKept();
        }
      }

      if (form) {
        form.elements.id.value = newID();
        enhance();
        form.addEventListener("submit", (event) => {
          event.preventDefault();
          showReview();
        });
      }
      showKept();
      sendKept();
      window.addEventListener("online", sendKept);
      setInterval(sendKept, 10000);
      if ("serviceWorker" in navigator) {
        navigator.serviceWorker.register("/sw.js").catch(() => {});
      }
    })();
    """#

  /// `sw.js`: keeps the pages and files the survey needs, so it opens without a connection;
  /// the network is asked first, so a fresh survey wins whenever there is one.
  static let serviceWorker = #"""
    "use strict";
    const CACHE = "dispatch-1";
    const FILES = ["/app.css", "/app.js", "/manifest.webmanifest", "/icon.svg"];

    self.addEventListener("install", (event) => {
      event.waitUntil(caches.open(CACHE)
        .then((cache) => Promise.all(FILES.concat(["/"]).map((path) =>
          fetch(path, { credentials: "same-origin" })
            .then((response) => response.ok ? cache.put(path, response) : undefined)
            .catch(() => undefined))))
        .then(() => self.skipWaiting()));
    });

    self.addEventListener("activate", (event) => {
      event.waitUntil(caches.keys()
        .then((keys) => Promise.all(keys.filter((key) => key !== CACHE)
          .map((key) => caches.delete(key))))
        .then(() => self.clients.claim()));
    });

    self.addEventListener("fetch", (event) => {
      const request = event.request;
      const url = new URL(request.url);
      if (request.method !== "GET" || url.origin !== self.location.origin) return;
      const page = url.pathname === "/" || url.pathname.startsWith("/prompt/");
      if (!page && !FILES.includes(url.pathname)) return;
      event.respondWith(fetch(request).then((response) => {
        if (response.ok) {
          const copy = response.clone();
          caches.open(CACHE).then((cache) => cache.put(url.pathname, copy));
        }
        return response;
      }).catch(() => caches.match(url.pathname)
        .then((hit) => hit || caches.match("/"))
        .then((hit) => hit || Response.error())));
    });
    """#
}
