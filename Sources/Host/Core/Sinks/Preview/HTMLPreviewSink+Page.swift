import Timeline
import TimelinePlugins

extension HTMLPreviewSink {
    /// The page: styles, the stage (frame 0 already drawn, so the page shows something without
    /// script), the controls, the data and the player script, all inline.
    static func page(title: String, stage: String, data: String, frameCount: Int, summary: String) -> String {
        let title = SceneSVGWriter.escape(title)
        return """
            <!DOCTYPE html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <meta http-equiv="Content-Security-Policy" content="default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <meta name="generator" content="cadence">
            <title>\(title)</title>
            <style>
            \(style)
            </style>
            </head>
            <body data-state="loading" data-frame="0" data-ticks="0" data-draws="0" data-frame-count="\(frameCount)">
            <header><h1>\(title)</h1><p id="summary">\(SceneSVGWriter.escape(summary))</p></header>
            <main>
            <figure>
            \(stage)
            </figure>
            <aside>
            <div id="controls">
            <button id="play" type="button">Pause</button>
            <label><input id="loop" type="checkbox" checked> Loop</label>
            </div>
            <input id="scrub" type="range" min="0" max="\(max(frameCount - 1, 0))" step="1" value="0" aria-label="frame">
            <p id="readout">frame 0</p>
            <p id="events"></p>
            <table id="values"><thead><tr><th>channel</th><th>value</th></tr></thead><tbody></tbody></table>
            </aside>
            </main>
            <script type="application/json" id="cadence-data">\(data)</script>
            <script>
            \(script)
            </script>
            </body>
            </html>

            """
    }

    static var style: String {
        """
        :root { color-scheme: light; font: 14px/1.4 system-ui, sans-serif; color: #18181B; background: #F4F4F5; }
        body { margin: 0; }
        header { padding: 12px 16px 0; }
        h1 { font-size: 18px; margin: 0; }
        header p { margin: 2px 0 0; color: #52525B; }
        main { display: flex; flex-wrap: wrap; gap: 16px; padding: 12px 16px 16px; align-items: flex-start; }
        figure { margin: 0; }
        #stage { display: block; height: auto; background: #FFFFFF; box-shadow: 0 1px 4px rgba(0, 0, 0, 0.25); }
        #stage.plot { height: auto; min-height: 0; width: calc(100vw - 430px); min-width: 360px; max-width: 960px; }
        aside { width: 330px; }
        #controls { display: flex; gap: 12px; align-items: center; }
        button { font: inherit; min-width: 72px; padding: 4px 10px; }
        #scrub { width: 100%; margin: 12px 0 4px; }
        #readout { font-variant-numeric: tabular-nums; margin: 4px 0; }
        #events { color: #9333EA; min-height: 1.4em; margin: 4px 0; }
        table { border-collapse: collapse; width: 100%; font-size: 12px; font-variant-numeric: tabular-nums; }
        th, td { text-align: left; padding: 2px 6px; border-bottom: 1px solid #E4E4E7; vertical-align: top; }
        td:last-child { word-break: break-all; }
        .swatch { display: inline-block; width: 12px; height: 12px; border: 1px solid #A1A1AA; vertical-align: middle; margin-right: 4px; }
        """
    }

    static var script: String { playerScript + drawingScript }

    /// Playback: the clock, the controls and the state report.
    static var playerScript: String {
        """
        "use strict";
        const data = JSON.parse(document.getElementById("cadence-data").textContent);
        const stage = document.getElementById("stage");
        const NS = stage.namespaceURI;
        const count = data.index.length;
        const channelsByName = new Map(data.channels.map((channel) => [channel.name, channel]));
        const playButton = document.getElementById("play");
        const loopBox = document.getElementById("loop");
        const scrub = document.getElementById("scrub");
        const readout = document.getElementById("readout");
        const eventsLine = document.getElementById("events");
        const valuesBody = document.querySelector("#values tbody");
        const eventsByFrame = new Map();
        for (const [position, text] of data.events) {
          if (!eventsByFrame.has(position)) eventsByFrame.set(position, []);
          eventsByFrame.get(position).push(text);
        }
        let current = 0, playing = count > 1, ended = false, anchorTime = null, anchorFrame = 0, ticks = 0, draws = 0;
        // A long render is decimated: the page holds every stride-th frame and plays them at their times.
        const framesPerSecond = data.fps / data.stride;

        function show(position) {
          current = Math.max(0, Math.min(count - 1, position));
          if (count > 0) (data.scene ? drawScene : drawPlayhead)(current);
          draws += 1;
          scrub.value = String(current);
          if (count === 0) { readout.textContent = "no frames"; return; }
          readout.textContent = "frame " + data.index[current] + " of " + data.index[0] + "–" + data.index[count - 1] + " · " + data.time[current].toFixed(3) + " s";
          eventsLine.textContent = (eventsByFrame.get(current) || []).join(", ");
          showValues(current);
        }
        function report() {
          const state = playing ? "playing" : (ended ? "ended" : "paused");
          document.body.dataset.state = state;
          document.body.dataset.frame = String(count ? data.index[current] : 0);
          document.body.dataset.ticks = String(ticks);
          document.body.dataset.draws = String(draws);
          playButton.textContent = playing ? "Pause" : "Play";
          document.title = data.title + " – " + state + " – frame " + document.body.dataset.frame;
        }
        function tick() {
          // performance.now(), not the callback's frame time: the same clock, but one a browser can run
          // on virtual time (headless screenshots), so a page opened for t seconds shows frame t × fps.
          const now = performance.now();
          ticks += 1;
          if (playing) {
            if (anchorTime === null) { anchorTime = now; anchorFrame = current; }
            let position = anchorFrame + Math.floor((now - anchorTime) / 1000 * framesPerSecond + 1e-6);
            if (position >= count) {
              if (loopBox.checked) { position %= count; }
              else { position = count - 1; playing = false; ended = true; anchorTime = null; }
            }
            if (position !== current) show(position);
          }
          report();
          requestAnimationFrame(tick);
        }
        function pause() { playing = false; anchorTime = null; }
        playButton.addEventListener("click", () => {
          if (playing) { pause(); } else { if (ended || current === count - 1) show(0); ended = false; playing = count > 1; anchorTime = null; }
          report();
        });
        loopBox.addEventListener("change", () => { anchorTime = null; });
        scrub.addEventListener("input", () => { pause(); ended = false; show(Number(scrub.value)); report(); });
        document.addEventListener("keydown", (event) => {
          if (event.target === scrub) return;
          if (event.key === " ") { event.preventDefault(); playButton.click(); }
          if (event.key === "ArrowRight" || event.key === "ArrowLeft") {
            pause(); show(current + (event.key === "ArrowRight" ? 1 : -1)); report();
          }
        });
        function showValues(position) {
          const rows = [];
          for (const channel of data.channels) {
            const row = document.createElement("tr");
            const name = document.createElement("td");
            name.textContent = channel.name;
            const value = document.createElement("td");
            if (channel.kind === "path") {
              const text = data.paths[position][channel.offset];
              value.textContent = text.length > 80 ? text.slice(0, 80) + "…" : text;
            } else {
              const numbers = data.numbers[position].slice(channel.offset, channel.offset + channel.width);
              if (channel.kind === "color") {
                const swatch = document.createElement("span");
                swatch.className = "swatch";
                swatch.style.background = cssColor(colorOf(numbers));
                value.appendChild(swatch);
              }
              value.appendChild(document.createTextNode(numbers.map((n) => n === null ? "–" : String(round(n))).join(", ")));
            }
            row.append(name, value);
            rows.push(row);
          }
          valuesBody.replaceChildren(...rows);
        }
        function round(value) { const r = Math.round(value * 10000) / 10000; return r === 0 ? 0 : r; }

        """
    }
}
