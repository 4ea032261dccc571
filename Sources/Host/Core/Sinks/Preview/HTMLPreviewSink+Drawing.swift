import Timeline
import TimelinePlugins

extension HTMLPreviewSink {
    /// Drawing: the same resolution as ``BoundScene`` and the same elements as the SVG contact
    /// sheet, in JavaScript, from the embedded scene and the frame's values.
    static var drawingScript: String {
        """
        function make(name, attributes, parent) {
          const element = document.createElementNS(NS, name);
          for (const key in attributes) element.setAttribute(key, attributes[key]);
          if (parent) parent.appendChild(element);
          return element;
        }
        function num(value) { return String(round(Number.isFinite(value) ? value : 0)); }
        function clamp(value) { return Number.isFinite(value) ? Math.min(Math.max(value, 0), 1) : 0; }
        function colorOf(numbers) {
          if (!numbers.every(Number.isFinite)) return null;
          const alpha = clamp(numbers[3]);
          return alpha > 0 ? [clamp(numbers[0]), clamp(numbers[1]), clamp(numbers[2]), alpha] : null;
        }
        function hexColor(text) {
          if (!text) return null;
          const parts = [1, 3, 5, 7].map((start) => parseInt(text.slice(start, start + 2) || "FF", 16) / 255);
          return parts[3] > 0 ? parts : null;
        }
        function hex(color) {
          return "#" + color.slice(0, 3).map((c) => Math.round(c * 255).toString(16).toUpperCase().padStart(2, "0")).join("");
        }
        function cssColor(color) { return color ? "rgba(" + color.slice(0, 3).map((c) => Math.round(c * 255)).join(", ") + ", " + color[3] + ")" : "transparent"; }
        function paint(attributes, key, color) {
          if (!color || color[3] <= 0) { attributes[key] = "none"; return; }
          attributes[key] = hex(color);
          if (color[3] < 1) attributes[key + "-opacity"] = num(color[3]);
        }

        // A scene gradient ({"gradient": "linear" | "radial", …}), or null for a colour or none.
        function gradientOf(spec) {
          if (!spec || typeof spec !== "object" || !spec.gradient) return null;
          return {
            kind: spec.gradient, start: spec.start.slice(), end: spec.end.slice(), focus: (spec.focus || spec.start).slice(),
            transform: spec.transform ? spec.transform.slice() : [1, 0, 0, 1, 0, 0],
            stops: spec.stops.map((stop) => ({ offset: stop[0], color: hexColor(stop[1]) || [0, 0, 0, 0], opacity: stop.length > 2 ? stop[2] : 1 })),
          };
        }
        // A vector channel's numbers laid out as SceneLayer.Gradient.channelNumbers.
        function applyGradient(gradient, numbers, offset) {
          const count = 12 + 5 * gradient.stops.length;
          const values = numbers.slice(offset, offset + count);
          if (values.length !== count || !values.every(Number.isFinite)) return;
          gradient.start = values.slice(0, 2); gradient.end = values.slice(2, 4); gradient.focus = values.slice(4, 6);
          gradient.transform = values.slice(6, 12);
          gradient.stops = gradient.stops.map((_, i) => {
            const v = values.slice(12 + 5 * i, 17 + 5 * i);
            return { offset: v[0], color: [clamp(v[1]), clamp(v[2]), clamp(v[3]), 1], opacity: clamp(v[4]) };
          });
        }
        // The gradient's element, as SceneSVGWriter writes it.
        function gradientElement(g, id) {
          const attributes = { id, gradientUnits: "userSpaceOnUse" };
          if (g.kind === "linear") {
            Object.assign(attributes, { x1: num(g.start[0]), y1: num(g.start[1]), x2: num(g.end[0]), y2: num(g.end[1]) });
          } else {
            const radius = Math.hypot(g.end[0] - g.start[0], g.end[1] - g.start[1]);
            let fx = g.focus[0], fy = g.focus[1];
            const reach = Math.hypot(fx - g.start[0], fy - g.start[1]), inside = radius * (1 - 1 / 1024);
            if (reach > inside && reach > 0) { fx = g.start[0] + (fx - g.start[0]) * inside / reach; fy = g.start[1] + (fy - g.start[1]) * inside / reach; }
            Object.assign(attributes, { cx: num(g.start[0]), cy: num(g.start[1]), r: num(radius) });
            if (fx !== g.start[0] || fy !== g.start[1]) Object.assign(attributes, { fx: num(fx), fy: num(fy) });
          }
          const t = g.transform;
          if (t[0] !== 1 || t[1] !== 0 || t[2] !== 0 || t[3] !== 1 || t[4] !== 0 || t[5] !== 0) attributes.gradientTransform = "matrix(" + t.map(num).join(" ") + ")";
          const element = make(g.kind === "linear" ? "linearGradient" : "radialGradient", attributes);
          for (const stop of g.stops) {
            const stopAttributes = { offset: num(clamp(stop.offset)), "stop-color": hex(stop.color) };
            const opacity = clamp(stop.color[3] * stop.opacity);
            if (opacity < 1) stopAttributes["stop-opacity"] = num(opacity);
            make("stop", stopAttributes, element);
          }
          return element;
        }

        function resolve(layer, index, position) {
          const frame = layer.frame.slice();
          const transform = layer.transform || {};
          let tx = transform.translation ? transform.translation[0] : 0, ty = transform.translation ? transform.translation[1] : 0;
          let rotation = transform.rotation || 0, skew = transform.skew || 0, scaleX = 1, scaleY = 1, scale = 1;
          if (typeof transform.scale === "number") { scaleX = scaleY = transform.scale; }
          else if (Array.isArray(transform.scale)) { [scaleX, scaleY] = transform.scale; }
          let rotationY = layer.rotationY || 0, cornerRadius = layer.cornerRadius || 0;
          let strokeWidth = layer.strokeWidth === undefined ? 1 : layer.strokeWidth;
          let dashOffset = layer.dashOffset || 0, dashes = layer.dashes ? layer.dashes.slice() : [];
          let opacity = layer.opacity === undefined ? 1 : layer.opacity, zIndex = layer.zIndex || 0, hidden = !!layer.hidden;
          const fillGradient = gradientOf(layer.fill), strokeGradient = gradientOf(layer.stroke);
          const fillImage = layer.fill && typeof layer.fill === "object" && layer.fill.image
            ? { href: layer.fill.image, transform: layer.fill.transform ? layer.fill.transform.slice() : [1, 0, 0, 1, 0, 0] } : null;
          let fill = fillGradient ? null : hexColor(layer.fill), stroke = strokeGradient ? null : hexColor(layer.stroke), path = layer.path || "";
          const mask = layer.mask ? { d: layer.mask.path, rule: layer.mask.fillRule || "nonzero", opacity: layer.mask.opacity === undefined ? 1 : layer.mask.opacity } : null;
          const s = layer.shadow;
          const shadow = s ? { color: hexColor(s.color), opacity: s.opacity, radius: s.radius, offset: s.offset, d: s.path || null } : null;
          const numbers = data.numbers[position];
          for (const property in (layer.bind || {})) {
            const channel = channelsByName.get(layer.bind[property]);
            if (!channel) continue;
            if (channel.kind === "path") {
              const d = data.paths[position][channel.offset];
              if (property === "path") path = d;
              else if (property === "maskPath" && mask) mask.d = d;
              else if (property === "shadowPath" && shadow) shadow.d = d;
              continue;
            }
            if (channel.kind === "vector") {
              if (property === "fillGradient" && fillGradient) applyGradient(fillGradient, numbers, channel.offset);
              else if (property === "fillImage" && fillImage) {
                const values = numbers.slice(channel.offset, channel.offset + 6);
                if (values.length === 6 && values.every(Number.isFinite)) fillImage.transform = values;
              }
              else if (property === "strokeGradient" && strokeGradient) applyGradient(strokeGradient, numbers, channel.offset);
              else if (property === "dashes" && dashes.length) {
                const lengths = numbers.slice(channel.offset, channel.offset + dashes.length);
                if (lengths.length === dashes.length && lengths.every((v) => Number.isFinite(v) && v >= 0) && lengths.some((v) => v > 0)) dashes = lengths;
              }
              continue;
            }
            if (channel.kind === "color") {
              const values = numbers.slice(channel.offset, channel.offset + 4);
              if (!values.every(Number.isFinite)) continue;
              if (property === "fill") fill = colorOf(values); else if (property === "stroke") stroke = colorOf(values);
              continue;
            }
            const v = numbers[channel.offset];
            if (!Number.isFinite(v)) continue;
            switch (property) {
              case "x": frame[0] = v; break;
              case "y": frame[1] = v; break;
              case "width": frame[2] = v; break;
              case "height": frame[3] = v; break;
              case "translationX": tx = v; break;
              case "translationY": ty = v; break;
              case "rotation": rotation = v; break;
              case "scaleX": scaleX = v; break;
              case "scaleY": scaleY = v; break;
              case "scale": scale = v; break;
              case "rotationY": rotationY = v; break;
              case "opacity": opacity = clamp(v); break;
              case "shadowOpacity": if (shadow) shadow.opacity = clamp(v); break;
              case "maskOpacity": if (mask) mask.opacity = clamp(v); break;
              case "cornerRadius": cornerRadius = Math.max(v, 0); break;
              case "strokeWidth": strokeWidth = Math.max(v, 0); break;
              case "dashOffset": dashOffset = v; break;
              case "zIndex": zIndex = v; break;
              case "hidden": hidden = v >= 0.5; break;
            }
          }
          const cx = frame[0] + frame[2] / 2, cy = frame[1] + frame[3] / 2;
          const sx = scaleX * scale * Math.cos(rotationY), sy = scaleY * scale;
          const cos = Math.cos(rotation), sin = Math.sin(rotation);
          const a = sx * cos, b = sx * sin, c = sy * (skew * cos - sin), d = sy * (skew * sin + cos);
          const matrix = [a, b, c, d, cx + tx - (a * cx + c * cy), cy + ty - (b * cx + d * cy)];
          return { layer, index, frame, matrix, cornerRadius, opacity, zIndex, hidden, fill, stroke, fillGradient, fillImage, strokeGradient, strokeWidth, dashOffset, dashes, path, mask, shadow };
        }

        function outline(r, shadowPath, attributes, parent) {
          const [x, y, w, h] = r.frame;
          const box = { x: Math.min(x, x + w), y: Math.min(y, y + h), w: Math.abs(w), h: Math.abs(h) };
          if (shadowPath !== null) return make("path", Object.assign({ d: shadowPath }, attributes), parent);
          if (r.layer.shape === "rect") {
            const radius = Math.min(r.cornerRadius, box.w / 2, box.h / 2);
            const rect = { x: num(box.x), y: num(box.y), width: num(box.w), height: num(box.h) };
            if (radius > 0) rect.rx = num(radius);
            return make("rect", Object.assign(rect, attributes), parent);
          }
          if (r.layer.shape === "oval") {
            return make("ellipse", Object.assign({ cx: num(box.x + box.w / 2), cy: num(box.y + box.h / 2), rx: num(box.w / 2), ry: num(box.h / 2) }, attributes), parent);
          }
          if (!r.path) return null;
          const path = { d: r.path };
          if (r.layer.fillRule === "evenodd") path["fill-rule"] = "evenodd";
          return make("path", Object.assign(path, attributes), parent);
        }

        // The scene's groups at a frame, as BoundScene.groups(at:) resolves them.
        function resolveGroups(position) {
          const groups = data.scene.groups || [];
          const positions = new Map(groups.map((group, index) => [group.name, index]));
          const numbers = data.numbers[position];
          const resolved = groups.map((group) => {
            let opacity = group.opacity === undefined ? 1 : group.opacity;
            const s = group.shadow;
            let blurX = Array.isArray(group.blur) ? group.blur[0] : (group.blur || 0), blurY = Array.isArray(group.blur) ? group.blur[1] : (group.blur || 0);
            const shadow = s ? { color: hexColor(s.color || "#000000"), opacity: s.opacity === undefined ? 1 : s.opacity, radius: s.radius === undefined ? 6 : s.radius, offset: (s.offset || [0, 0]).slice() } : null;
            for (const property in (group.bind || {})) {
              const channel = channelsByName.get(group.bind[property]);
              if (!channel || !Number.isFinite(numbers[channel.offset])) continue;
              const v = numbers[channel.offset];
              if (property === "opacity") opacity = v;
              else if (shadow && property === "shadowOpacity") shadow.opacity = clamp(v);
              else if (shadow && property === "shadowRadius") shadow.radius = Math.max(v, 0);
              else if (shadow && property === "shadowOffsetX") shadow.offset[0] = v;
              else if (shadow && property === "shadowOffsetY") shadow.offset[1] = v;
              else if (property === "blurX") blurX = Math.max(v, 0);
              else if (property === "blurY") blurY = Math.max(v, 0);
            }
            return {
              name: group.name, parent: group.parent === undefined ? null : positions.get(group.parent), opacity: clamp(opacity),
              blend: group.blendMode || "normal", matte: group.matte ? { group: positions.get(group.matte.group), mode: group.matte.mode || "alpha" } : null,
              isMatte: false, mode: null, isolated: !!group.isolated, shadow, shadowWithinBounds: !!group.shadowWithinBounds, blurX, blurY,
            };
          });
          for (const group of resolved) {
            if (!group.matte) continue;
            const source = resolved[group.matte.group];
            source.isMatte = true;
            if (!source.mode) source.mode = group.matte.mode;
          }
          return resolved;
        }
        // A group's elements, as SceneSVGWriter writes them: a <g>, or for a matte its <mask> (and
        // the filter that inverts it). Returns the element its layers go into.
        // A group's drop shadow filter, as SceneSVGWriter writes it, or null.
        function shadowFilter(group, id) {
          const shadow = group.shadow, scene = data.scene;
          if (!shadow || !(shadow.opacity > 0) || !shadow.color) return null;
          const pad = 3 * Math.max(shadow.radius, 0) / 2 + Math.abs(shadow.offset[0]) + Math.abs(shadow.offset[1]) + Math.max(scene.size[0], scene.size[1]);
          const filter = group.shadowWithinBounds
            ? make("filter", { id: id + "-shadow", x: "0", y: "0", width: "1", height: "1", "color-interpolation-filters": "sRGB" })
            : make("filter", { id: id + "-shadow", filterUnits: "userSpaceOnUse", x: num(-pad), y: num(-pad), width: num(scene.size[0] + 2 * pad), height: num(scene.size[1] + 2 * pad), "color-interpolation-filters": "sRGB" });
          make("feGaussianBlur", { in: "SourceAlpha", stdDeviation: num(Math.max(shadow.radius, 0) / 2) }, filter);
          make("feOffset", { dx: num(shadow.offset[0]), dy: num(shadow.offset[1]), result: "shadow" }, filter);
          make("feFlood", { "flood-color": hex(shadow.color), "flood-opacity": num(shadow.color[3] * Math.min(shadow.opacity, 1)) }, filter);
          make("feComposite", { in2: "shadow", operator: "in" }, filter);
          const merge = make("feMerge", {}, filter);
          make("feMergeNode", {}, merge);
          make("feMergeNode", { in: "SourceGraphic" }, merge);
          return filter;
        }
        // A group's blur filter, as SceneSVGWriter writes it, or null.
        function blurFilter(group, id) {
          if (!(group.blurX > 0 || group.blurY > 0)) return null;
          const scene = data.scene, pad = 3 * Math.max(group.blurX, group.blurY) + Math.max(scene.size[0], scene.size[1]);
          const filter = make("filter", { id: id + "-blur", filterUnits: "userSpaceOnUse", x: num(-pad), y: num(-pad), width: num(scene.size[0] + 2 * pad), height: num(scene.size[1] + 2 * pad), "color-interpolation-filters": "sRGB" });
          make("feGaussianBlur", { stdDeviation: num(group.blurX) + " " + num(group.blurY) }, filter);
          return filter;
        }
        function openGroup(groups, index, nodes, parent) {
          const group = groups[index], id = "g" + index, scene = data.scene;
          const shadow = shadowFilter(group, id), blur = blurFilter(group, id);
          if (shadow) nodes.push(shadow);
          if (blur) nodes.push(blur);
          if (!group.isMatte) {
            const g = make("g", { "data-group": group.name });
            if (shadow) g.setAttribute("filter", "url(#" + id + "-shadow)");
            if (group.opacity < 1) g.setAttribute("opacity", num(group.opacity));
            if (group.blend !== "normal") g.setAttribute("style", "mix-blend-mode:" + group.blend);
            else if (group.isolated) g.setAttribute("style", "isolation:isolate");
            if (group.matte) g.setAttribute("mask", "url(#g" + group.matte.group + ")");
            if (parent) parent.appendChild(g); else nodes.push(g);
            return blur ? make("g", { filter: "url(#" + id + "-blur)" }, g) : g;
          }
          const pad = Math.max(scene.size[0], scene.size[1]);
          const region = { x: num(-pad), y: num(-pad), width: num(scene.size[0] + 2 * pad), height: num(scene.size[1] + 2 * pad) };
          const mode = group.mode || "alpha", inverted = mode === "alpha-inverted" || mode === "luminance-inverted";
          if (inverted) {
            const filter = make("filter", Object.assign({ id: id + "-invert", filterUnits: "userSpaceOnUse", "color-interpolation-filters": "sRGB" }, region));
            if (mode === "luminance-inverted") {
              make("feColorMatrix", { type: "matrix", values: "0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0.2125 0.7154 0.0721 0 0", result: "luminance" }, filter);
              make("feComposite", { in: "luminance", in2: "SourceGraphic", operator: "in" }, filter);
            }
            const transfer = make("feComponentTransfer", {}, filter);
            make("feFuncA", { type: "table", tableValues: "1 0" }, transfer);
            nodes.push(filter);
          }
          const mask = make("mask", Object.assign({ id, "data-group": group.name, "mask-type": mode === "luminance" ? "luminance" : "alpha", maskUnits: "userSpaceOnUse" }, region));
          nodes.push(mask);
          let inside = mask;
          if (inverted) {
            inside = make("g", { filter: "url(#" + id + "-invert)" }, mask);
            make("rect", Object.assign({ fill: "#FFFFFF", opacity: "0" }, region), inside);
          }
          if (group.opacity < 1) inside = make("g", { opacity: num(group.opacity) }, inside);
          if (shadow) inside = make("g", { filter: "url(#" + id + "-shadow)" }, inside);
          if (blur) inside = make("g", { filter: "url(#" + id + "-blur)" }, inside);
          return inside;
        }

        function drawScene(position) {
          const scene = data.scene;
          const resolved = scene.layers.map((layer, index) => resolve(layer, index, position));
          resolved.sort((p, q) => (p.zIndex - q.zIndex) || (p.index - q.index));
          const groups = resolveGroups(position);
          const groupPositions = new Map(groups.map((group, index) => [group.name, index]));
          const open = [], written = new Set();
          const nodes = [];
          const background = {};
          paint(background, "fill", hexColor(scene.background || "#FFFFFF"));
          nodes.push(make("rect", Object.assign({ width: num(scene.size[0]), height: num(scene.size[1]) }, background)));
          for (const r of resolved) {
            if (r.hidden || !(r.opacity > 0)) continue;
            const chain = [];
            let current = r.layer.group === undefined ? undefined : groupPositions.get(r.layer.group);
            while (current !== undefined && current !== null && chain.length <= groups.length) { chain.push(current); current = groups[current].parent; }
            chain.reverse();
            let shared = 0;
            while (shared < open.length && shared < chain.length && open[shared].index === chain[shared]) shared += 1;
            open.length = shared;
            for (const index of chain.slice(shared)) {
              const parent = open.length ? open[open.length - 1].element : null;
              open.push({ index, element: openGroup(groups, index, nodes, groups[index].isMatte ? null : parent) });
              written.add(index);
            }
            const container = open.length ? open[open.length - 1].element : null;
            const id = "l" + r.index;
            if (r.mask && r.mask.opacity < 1) {
              const translucent = make("mask", { id: id + "-mask", maskUnits: "userSpaceOnUse", x: "-1000000", y: "-1000000", width: "2000000", height: "2000000" });
              make("path", { d: r.mask.d, fill: "#FFFFFF", "fill-opacity": num(Math.max(r.mask.opacity, 0)), "fill-rule": r.mask.rule }, translucent);
              nodes.push(translucent);
            } else if (r.mask) {
              const clip = make("clipPath", { id: id + "-mask" });
              make("path", { d: r.mask.d, "clip-rule": r.mask.rule }, clip);
              nodes.push(clip);
            }
            const shadow = r.shadow;
            if (shadow && shadow.radius > 0 && shadow.opacity > 0) {
              const [x, y, w, h] = r.frame;
              const pad = 3 * shadow.radius / 2 + Math.abs(shadow.offset[0]) + Math.abs(shadow.offset[1]) + Math.max(scene.size[0], scene.size[1]) / 2;
              const minX = Math.min(0, x, x + w) - pad, minY = Math.min(0, y, y + h) - pad;
              const maxX = Math.max(scene.size[0], x, x + w) + pad, maxY = Math.max(scene.size[1], y, y + h) + pad;
              const filter = make("filter", { id: id + "-blur", filterUnits: "userSpaceOnUse", x: num(minX), y: num(minY), width: num(maxX - minX), height: num(maxY - minY) });
              make("feGaussianBlur", { stdDeviation: num(shadow.radius / 2) }, filter);
              nodes.push(filter);
            }
            const group = make("g", { "data-layer": r.layer.name, transform: "matrix(" + r.matrix.map(num).join(" ") + ")" });
            if (r.opacity < 1) group.setAttribute("opacity", num(r.opacity));
            if (r.mask) group.setAttribute(r.mask.opacity < 1 ? "mask" : "clip-path", "url(#" + id + "-mask)");
            if (shadow && shadow.opacity > 0 && shadow.color) {
              const attributes = {};
              paint(attributes, "fill", [shadow.color[0], shadow.color[1], shadow.color[2], shadow.color[3] * shadow.opacity]);
              if (shadow.offset[0] !== 0 || shadow.offset[1] !== 0) attributes.transform = "translate(" + num(shadow.offset[0]) + " " + num(shadow.offset[1]) + ")";
              if (shadow.radius > 0) attributes.filter = "url(#" + id + "-blur)";
              outline(r, shadow.d, attributes, group);
            }
            const attributes = {};
            if (r.fillImage) {
              // As SceneSVGWriter writes it: the image clipped to the outline.
              const clip = make("clipPath", { id: id + "-image" });
              outline(r, null, r.layer.fillRule === "evenodd" ? { "clip-rule": "evenodd" } : {}, clip);
              nodes.push(clip);
              const t = r.fillImage.transform;
              // The PNG's size, from its IHDR chunk (bytes 16 to 23 of the file).
              const head = atob(r.fillImage.href.slice(r.fillImage.href.indexOf(",") + 1).slice(0, 32));
              const word = (at) => ((head.charCodeAt(at) << 24) >>> 0) + (head.charCodeAt(at + 1) << 16) + (head.charCodeAt(at + 2) << 8) + head.charCodeAt(at + 3);
              make("image", { "clip-path": "url(#" + id + "-image)", width: word(16), height: word(20), preserveAspectRatio: "none", transform: "matrix(" + t.map(num).join(" ") + ")", href: r.fillImage.href }, group);
              attributes.fill = "none";
            } else if (r.fillGradient) { nodes.push(gradientElement(r.fillGradient, id + "-fill")); attributes.fill = "url(#" + id + "-fill)"; }
            else paint(attributes, "fill", r.fill);
            if ((r.stroke || r.strokeGradient) && r.strokeWidth > 0) {
              if (r.strokeGradient) { nodes.push(gradientElement(r.strokeGradient, id + "-stroke")); attributes.stroke = "url(#" + id + "-stroke)"; }
              else paint(attributes, "stroke", r.stroke);
              attributes["stroke-width"] = num(r.strokeWidth);
              if (r.layer.lineCap) attributes["stroke-linecap"] = r.layer.lineCap;
              if (r.layer.lineJoin) attributes["stroke-linejoin"] = r.layer.lineJoin;
              if (r.layer.miterLimit !== undefined) attributes["stroke-miterlimit"] = num(r.layer.miterLimit);
              if (r.dashes.length) {
                attributes["stroke-dasharray"] = r.dashes.map(num).join(" ");
                attributes["stroke-dashoffset"] = num(r.dashOffset);
              }
            }
            outline(r, null, attributes, group);
            if (container) container.appendChild(group); else nodes.push(group);
          }
          // A matte with nothing drawn is still there, empty.
          groups.forEach((group, index) => { if (group.isMatte && !written.has(index)) openGroup(groups, index, nodes, null); });
          stage.replaceChildren(...nodes);
        }

        let playhead = null;
        function drawPlayhead(position) {
          const plot = data.plot;
          if (!playhead) playhead = make("line", { stroke: "#DC2626", "stroke-width": "1.5", y1: num(plot.top - 4), y2: num(plot.bottom) }, stage);
          const span = plot.end - plot.start;
          const x = plot.left + (span > 0 ? (data.time[position] - plot.start) / span * plot.width : 0);
          playhead.setAttribute("x1", num(x));
          playhead.setAttribute("x2", num(x));
        }

        // "#frame=N" opens the page paused at frame N (the last recorded frame at or before N), so a
        // link or a screenshot can show one frame; without it the page starts playing at frame 0.
        function openFragment() {
          const match = /^#frame=(\\d+)$/.exec(location.hash);
          if (!match || count === 0) return false;
          const wanted = Number(match[1]);
          let position = 0;
          while (position + 1 < count && data.index[position + 1] <= wanted) position += 1;
          pause();
          ended = false;
          show(position);
          return true;
        }
        if (!openFragment()) show(0);
        window.addEventListener("hashchange", () => { if (openFragment()) report(); });
        report();
        requestAnimationFrame(tick);
        """
    }
}
