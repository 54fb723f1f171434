// The grundy playground: pick a game, play it against grundy, ask for hints, draw heat maps.
// Everything is computed by the JSON API of `grundy serve`; this file only draws and clicks.
"use strict";

const $ = (id) => document.getElementById(id);

const state = {
  catalog: [],        // /api/games
  game: "nim",        // the name or notation in use
  info: null,         // {board, dims, first_index, misere}
  parts: [],          // the position: a list of parts (ints or [r, c])
  history: [],        // positions before each of your moves, for undo
  size: null,         // the board's extent: coins N, bottles N, {rows, cols}
  analysis: null,     // /api/analyze of the position, at your turn
  previous: null,     // the analysis before your last move
  selected: null,     // the index of the part picked (coins, bottles)
  picks: [],          // bottles chosen so far for a bean move
  over: false,
  busy: false,
  misere: false,
  // board games (Cram, Chomp, graphs, Hackenbush): see drawBoardGame
  drawings: [],       // what the server drew of each part at the last analysis
  hidden: [],         // the keys gone from each part since then (your move, grundy's reply)
  frames: [],         // each part as first drawn: where its vertices and edges are, its bar
  dominoes: [],       // Cram: the dominoes placed, {part, cells, who}
  last: null,         // the last move played: {part, gone, who}, shown until the next one
  pick: null,         // Cram: the cell clicked first, {part, key}
  marks: [],          // the board-game state before each of your moves, for undo
};

// -- talking to the server ----------------------------------------------------------------

async function call(path, body) {
  const init = body === undefined ? {} : {
    method: "POST", headers: {"Content-Type": "application/json"}, body: JSON.stringify(body),
  };
  const response = await fetch(path, init);
  const data = await response.json();
  if (!response.ok) throw new Error(data.error || response.statusText);
  return data;
}

function request(extra) {
  return Object.assign({game: state.game, position: state.parts, misere: state.misere}, extra);
}

// -- parts and moves ----------------------------------------------------------------------

const key = (part) => Array.isArray(part) ? part.join("x") : String(part);
const sameParts = (a, b) => a.map(key).sort().join(",") === b.map(key).sort().join(",");
const board = () => state.info ? state.info.board : "heaps";
// the board games drawn from the server's drawings, moves named by the key clicked ("cells":
// a board game whose moves are each one cell clicked, as a new one is drawn)
const BOARD_GAMES = ["cram", "chomp", "graph", "hackenbush", "cells"];
const boardGame = () => BOARD_GAMES.includes(board());
// a game that writes its positions its own way ("3 5 pool=2", "11,7"): parts are that text
const own = () => Boolean(state.info && state.info.own);
const movesOf = (index) => (state.analysis ? state.analysis.moves : []).filter((m) => m.part === index);

function findMove(index, leaves) {
  const tidy = leaves.filter((p) => board() !== "heaps" || p !== 0);
  return movesOf(index).find((m) => sameParts(m.to, tidy)) || null;
}

function moveText(move) {
  if (board() === "bottles") {
    const n = state.size;
    const [j, k] = move.to.map((d) => n - 1 - d).sort((a, b) => a - b);
    return `a bean from bottle ${n - 1 - move.from} into bottles ${j} and ${k}`;
  }
  if (board() === "rectangle") {
    const [a, b] = move.to;
    return `cut ${key(move.from)} into ${key(a)} and ${key(b)}`;
  }
  if (board() === "queen") return `queen ${move.from.join(",")} to ${move.to[0].join(",")}`;
  if (board() === "coins" || board() === "coin-board" || board() === "grid") {
    const turned = move.to.length ? ` and turn ${move.to.map(key).join(", ")}` : "";
    return `${board() === "grid" ? "toggle the square of" : "turn the head at"} ${key(move.from)}${board() === "grid" ? "" : turned}`;
  }
  return move.text;
}

// -- the position box ---------------------------------------------------------------------

function readPosition(text) {
  if (own()) return {parts: text.split(";").map((p) => p.trim()).filter(Boolean), size: null};
  const words = text.trim().split(/[\s;]+/).filter(Boolean);
  if (board() === "bottles") {  // bottle counts, as in the contest: "1 0 2 1"
    const counts = words.map(Number);
    if (counts.some((c) => !Number.isInteger(c) || c < 0)) throw new Error("bottles: give bean counts such as 1 0 2 1");
    const n = counts.length;
    const parts = [];
    counts.forEach((c, i) => { for (let t = 0; t < c; t++) parts.push(n - 1 - i); });
    return {parts, size: n};
  }
  if (state.info && state.info.dims === 2) {
    const parts = words.map((w) => w.toLowerCase().replace(",", "x").split("x").map(Number));
    if (parts.some((p) => p.length !== 2 || p.some((x) => !Number.isInteger(x)))) throw new Error("give cells such as 3x4 2x5");
    return {parts, size: null};
  }
  const parts = words.map(Number);
  if (parts.some((p) => !Number.isInteger(p) || p < 0)) throw new Error("give heap sizes such as 3 5 7");
  return {parts, size: null};
}

function writePosition(parts, size) {
  if (own()) return parts.join("; ");
  if (board() === "bottles") {
    const counts = new Array(size).fill(0);
    parts.forEach((d) => { counts[size - 1 - d] += 1; });
    return counts.join(" ");
  }
  return parts.map(key).join(" ");
}

const rand = (lo, hi) => lo + Math.floor(Math.random() * (hi - lo + 1));

const BOARD_HELP = {
  cram: "A board: RxC such as 3x4, or rows of . (free) and # (blocked) split by |, such as ....|.#..; several boards separated by ;. Click a free cell, then a free neighbour, to place a domino there.",
  chomp: "A chocolate bar: RxC (rows x columns) such as 3x4, or column heights from the left such as 4,3,3,1. Click a square: it and every square above and to the right of it are eaten. The poisoned square (bottom left, ☠) loses.",
  graph: "A graph: path:7, cycle:6, grid:3x4, complete:4, star:5, bipartite:2,3, petersen, or edges such as 0-1,1-2,2-0; a board such as 3x3 or ..|.# is its grid of cells. Node Kayles: click a vertex (it goes with its neighbours). Arc Kayles: click an edge (it goes with both its ends).",
  cells: "A board: RxC such as 3x4, or rows of . (free) and # (blocked) split by |, such as ....|.#..; several boards separated by ;. Click a free cell to play the move it names.",
  hackenbush: "A drawing: edges such as 0-1,1-2,1-3 (vertex 0 is the ground), or stalk:5, stalks:3,1,2, cycle:4, star:3, broom:2,3; several separated by ;. Click an edge to cut it: whatever no longer reaches the ground falls.",
};
const BOARD_STARTS = {
  cram: ["3x4", "2x5", "3x3; 1x3", "....|.#..|....", "2x3; 1x4"],
  chomp: ["3x4", "4x4", "2x6", "5,3,3,1", "4,4,2"],
  "node-kayles": ["path:7", "cycle:7", "petersen", "grid:2x4", "0-1,1-2,2-0,2-3,3-4"],
  "arc-kayles": ["path:8", "cycle:7", "complete:4", "star:4", "0-1,1-2,2-3,3-0,0-2,3-4,4-5"],
  hackenbush: ["0-1,1-2,1-3,0-4,4-5,5-6", "stalks:3,1,2", "0-1,1-2,2-0,2-3", "broom:2,3", "0-1,1-1,1-2,0-3"],
};
const pickOne = (list) => list[rand(0, list.length - 1)];

function randomPosition() {
  const f = state.info.first_index;
  if (boardGame()) {
    const name = board() === "graph" ? (state.game.includes("arc") ? "arc-kayles" : "node-kayles") : board();
    const starts = BOARD_STARTS[name] || [(state.info.example || ["3x4"]).join("; ")];
    return {parts: pickOne(starts).split(/\s*;\s*/), size: null};
  }
  if (own()) return {parts: [...(state.info.example || [])], size: null};
  switch (board()) {
    case "coins": {
      const heads = new Set();
      while (heads.size < 4) heads.add(rand(1, 12));
      return {parts: [...heads].sort((a, b) => a - b), size: 12};
    }
    case "coin-board": case "grid": {
      const cells = new Map();
      while (cells.size < 3) { const c = [rand(1, 6), rand(1, 6)]; cells.set(key(c), c); }
      return {parts: [...cells.values()], size: null};
    }
    case "rectangle": return {parts: [[rand(f + 2, 9), rand(f + 2, 9)]], size: null};
    case "queen": return {parts: [[rand(4, 12), rand(4, 12)]], size: null};
    case "bottles": {
      const n = 6, parts = [];
      while (parts.length < 3) parts.push(rand(1, n - 1));  // beans with bottles after them
      return {parts: parts.sort((a, b) => b - a), size: n};
    }
    default: return {parts: [rand(1, 9), rand(2, 11), rand(3, 13)], size: null};
  }
}

function extent(parts, size) {
  if (board() === "coins") return Math.max(size || 0, ...parts, 1);
  if (board() === "bottles") return Math.max(size || 0, ...parts.map((d) => d + 1), 1);
  if (board() === "coin-board" || board() === "grid") {
    return {rows: Math.max(...parts.map((p) => p[0]), 1), cols: Math.max(...parts.map((p) => p[1]), 1)};
  }
  return null;
}

// -- games --------------------------------------------------------------------------------

async function loadCatalog() {
  const data = await call("/api/games");
  state.catalog = data.games;
  const select = $("game-select");
  const groups = {};
  for (const g of data.games) {
    const label = g.board === "cram" || g.board === "chomp" || g.board === "cells" ? "Boards" : g.board === "graph" || g.board === "hackenbush" ? "Graphs and drawings" : g.own ? "Other classics (moves listed)" : {heaps: "Heap games", coins: "Coin rows", bottles: "Beans", "coin-board": "Coin boards", grid: "Grids", rectangle: "Cutting paper", queen: "A queen to the corner"}[g.board];
    if (!label) continue;  // a board this page does not draw yet (it is played at the terminal)
    if (!groups[label]) { groups[label] = document.createElement("optgroup"); groups[label].label = label; select.append(groups[label]); }
    const option = new Option(g.name, g.name);
    option.title = g.rules;
    groups[label].append(option);
  }
}

async function useGame(name) {
  const info = await call(`/api/game?game=${encodeURIComponent(name)}`);
  state.game = name;
  state.info = info;
  const entry = state.catalog.find((g) => g.name === name);
  $("rules").textContent = entry ? `${entry.rules}. Source: ${entry.source}.` : `${info.repr}: a ${info.board === "heaps" ? "heap game" : info.board + " game"} given by its notation.`;
  $("misere").disabled = !info.misere;
  if (!info.misere) $("misere").checked = false;
  $("position-help").textContent = BOARD_HELP[info.board] || (info.own ? `Parts in the game's own notation, separated by ";", such as ${(info.example || []).join("; ")}. Pick a move from the list under the board (click a part to list only its moves).` : {
    heaps: "Heap sizes, such as 3 5 7. Click a token to take it and the tokens to its right (or a token in the middle, where the game allows it); drag across tokens to take a run.",
    coins: "The coins showing heads, numbered from 1, such as 3 7 10. Click a head, then the coin to turn with it.",
    bottles: "Beans in each bottle, left to right, such as 1 0 2 1. Click a bottle to take a bean, then the two bottles (further right, maybe the same) to put beans in.",
    "coin-board": "Heads as ROWxCOL, such as 3x4 5x2. Click a head, then the other coin the move turns.",
    grid: "Black cells as ROWxCOL, such as 3x3 4x2. Click a black cell to toggle its square.",
    queen: "The queen's square as ROW,COL counted from the corner 0,0, such as 5,8 (several queens: 5,8 3,7). Click a marked square (left, up, or diagonally towards the corner) to move a queen there.",
    rectangle: `Pieces of paper as ROWSxCOLS, such as 4x3 (sides from ${info.first_index}). Click a line to cut along it.`,
  }[info.board]);
  const start = randomPosition();
  $("position").value = writePosition(start.parts, start.size);
  mapDefaults();
}

async function newGame() {
  if (state.busy) return;
  setBusy(true);
  try { await startGame(); } finally { setBusy(false); }
}

async function startGame() {
  clearNotice();
  let start;
  try { start = readPosition($("position").value); } catch (e) { return showError(e.message); }
  state.misere = $("misere").checked;
  state.parts = start.parts;
  state.size = extent(start.parts, start.size);
  state.history = [];
  state.over = false;
  state.selected = null;
  state.picks = [];
  Object.assign(state, {drawings: [], hidden: [], frames: [], dominoes: [], last: null, pick: null, marks: []});
  $("log").replaceChildren();
  $("hint-box").hidden = true;
  try {
    await analyze();  // checks the position
    if (document.querySelector("input[name=first]:checked").value === "grundy") await grundyMoves();
    else if (!state.over) setStatus("Your move.");
  } catch (e) { showError(e.message); }
}

async function analyze() {
  const data = await call("/api/analyze", request());
  state.parts = data.position;
  state.analysis = data;
  if (data.drawings) framesFrom(data.drawings);
  render();
  if (data.over && !state.over) finish(state.misere ? "you" : "grundy");
  return data;
}

function setBusy(busy) {
  state.busy = busy;
  document.body.dataset.busy = busy ? "1" : "0";
}

async function grundyMoves() {
  setStatus("grundy is thinking…");
  const data = await call("/api/reply", request());
  if (data.reply) { log("grundy", moveText(data.reply)); played(data.reply, "grundy"); }
  state.parts = data.final;
  if (data.winner) { render(); finish(data.winner); } else await analyze();
  if (!state.over) setStatus("Your move.");
}

async function play(move) {
  if (state.busy || state.over) return;
  setBusy(true);
  state.selected = null;
  state.picks = [];
  $("hint-box").hidden = true;
  clearNotice();
  const before = state.parts;
  const analysisBefore = state.analysis;
  const marksBefore = boardMarks();
  state.pick = null;
  try {
    const named = move.take !== undefined ? {part: move.part, take: move.take} : {part: move.part, to: move.to};
    const data = await call("/api/move", request({move: named}));
    state.history.push(before);
    state.marks.push(marksBefore);
    state.previous = analysisBefore;
    log("you", moveText(data.your_move));
    played(data.your_move, "you");
    if (data.threw_away_win) {
      const better = analysisBefore.winning_moves[0];
      showNotice(`${data.notice} ${better ? "A winning move was: " + moveText(better) + "." : ""}`);
    }
    state.parts = data.position;
    state.analysis = null;
    render();
    if (data.reply) {
      await pause(350);
      log("grundy", moveText(data.reply));
      played(data.reply, "grundy");
      state.parts = data.final;
    }
    if (data.winner) { render(); finish(data.winner); } else { await analyze(); setStatus("Your move."); }
  } catch (e) {
    showError(e.message);
  } finally { setBusy(false); }
}

function undo() {
  if (state.busy || !state.history.length) return;
  state.parts = state.history.pop();
  if (state.marks.length) Object.assign(state, JSON.parse(state.marks.pop()));
  state.pick = null;
  state.over = false;
  state.selected = null;
  clearNotice();
  $("hint-box").hidden = true;
  const entries = $("log").children;
  while (entries.length && entries[entries.length - 1].dataset.who === "grundy") entries[entries.length - 1].remove();
  if (entries.length) entries[entries.length - 1].remove();
  setBusy(true);
  analyze().then(() => setStatus("Move taken back. Your move.")).catch((e) => showError(e.message))
    .finally(() => setBusy(false));
}

function hint() {
  const a = state.analysis;
  if (!a || state.over) return;
  const box = $("hint-box");
  box.hidden = false;
  box.replaceChildren();
  const p = document.createElement("p");
  p.textContent = a.explanation;
  box.append(p);
  // why each part is worth its value: the mex of its options' values (a few parts at most)
  for (const m of (a.mex || []).slice(0, 6)) {
    const part = a.position[m.part];
    const name = typeof part === "number" ? `Heap ${part}` : a.position.length > 1 ? `Part ${m.part + 1}` : "The position";
    const why = document.createElement("p");
    why.className = "mex";
    why.textContent = m.option_values.length
      ? `${name}: its options are worth ${m.option_values.join(", ")}; the least value not among them is ${m.value}, its value (the mex).`
      : `${name} has no move: it is worth 0.`;
    box.append(why);
  }
  if (a.winning_moves.length) {
    const best = a.winning_moves[0];
    const q = document.createElement("p");
    q.className = "best";
    q.textContent = `Try: ${moveText(best)}` + (a.winning_moves.length > 1 ? ` (one of ${a.winning_moves.length} winning moves)` : "");
    box.append(q);
    render(best);
  } else {
    render();
  }
}

function finish(winner) {
  state.over = true;
  setStatus(winner === "you" ? "You win! 🎉" : "grundy wins.", winner === "you" ? "won" : "lost");
  document.body.dataset.winner = winner;
}

// -- drawing the board ----------------------------------------------------------------------

function render(highlight) {
  document.body.dataset.winner = state.over ? document.body.dataset.winner : "";
  const root = $("board");
  root.replaceChildren();
  root.dataset.kind = board();
  const draw = boardGame() ? drawBoardGame : own() ? drawOwn : {heaps: drawHeaps, coins: drawCoins, bottles: drawBottles, "coin-board": drawCoinBoard, grid: drawCoinBoard, rectangle: drawRectangles, queen: drawQueens}[board()];
  draw(root, highlight || null);
  drawMenu();
  drawValues();
}

// With "show values": each part's Grundy value on the board, and their XOR in a line.
function drawValues() {
  const line = $("values");
  const a = state.analysis;
  const on = $("show-values").checked && a && !state.over;
  line.hidden = !on;
  if (!on) return;
  if (a.misere) {
    line.textContent = `misère play: ${a.outcome === "N" ? "the player to move wins" : "the player to move loses"} (values do not add up here)`;
    return;
  }
  const values = a.part_values;
  const xor = values.length ? `${values.join(" ⊕ ")} = ${a.value}` : "0";
  line.textContent = `values: ${xor}: ${a.value ? "N-position, the player to move wins" : "P-position, the player to move loses"}`;
  const badges = $("board").querySelectorAll("[data-value-of]");
  badges.forEach((b) => { b.textContent = `g = ${values[Number(b.dataset.valueOf)]}`; b.hidden = false; });
  if (board() === "coins" || board() === "coin-board" || board() === "grid") {
    state.parts.forEach((p, i) => {
      const c = $("board").querySelector(`[data-cell="${key(p)}"]`);
      if (c) c.dataset.value = values[i];
    });
  }
}

function badge(index) {
  const b = el("span", "badge");
  b.dataset.valueOf = index;
  b.hidden = true;
  return b;
}

function el(tag, cls, text) {
  const e = document.createElement(tag);
  if (cls) e.className = cls;
  if (text !== undefined) e.textContent = text;
  return e;
}

// Heaps: rows of tokens.  A click on token k takes k..n if that is a move, else the
// shortest run of tokens from k that is a move (a split where the game splits).
function heapMoveAt(index, k, run) {
  const n = state.parts[index];
  if (run !== undefined) return findMove(index, [k - 1, n - k + 1 - run]);
  const all = findMove(index, [k - 1]);
  if (all) return {move: all, run: n - k + 1};
  for (let run = 1; run <= n - k + 1; run++) {
    const m = findMove(index, [k - 1, n - k + 1 - run]);
    if (m) return {move: m, run};
  }
  const split = k > 1 ? findMove(index, [k - 1, n - k + 1]) : null;
  return split ? {move: split, run: 0} : null;
}

function drawHeaps(root, highlight) {
  let drag = null;
  state.parts.forEach((n, index) => {
    const row = el("div", "heap" + (state.selected === index ? " selected" : ""));
    const size = el("button", "heap-label", `${n}`);
    size.title = "list this heap's moves";
    size.addEventListener("click", () => { state.selected = state.selected === index ? null : index; render(); });
    row.append(size);
    const tokens = el("div", "tokens");
    const shown = Math.min(n, 60);
    const mark = (from, to, cls) => {
      tokens.querySelectorAll(".token").forEach((t) => {
        const k = Number(t.dataset.token);
        t.classList.toggle(cls, k >= from && k <= to);
      });
    };
    for (let k = 1; k <= shown; k++) {
      const t = el("button", "token");
      t.dataset.part = index;
      t.dataset.token = k;
      t.title = `token ${k} of ${n}`;
      t.addEventListener("mouseenter", () => {
        if (drag && drag.index === index) { mark(Math.min(drag.k, k), Math.max(drag.k, k), "take"); return; }
        const found = heapMoveAt(index, k);
        if (found) mark(k, k + found.run - 1, "take"); else mark(0, -1, "take");
        t.classList.toggle("split-here", !!found && found.run === 0);
      });
      t.addEventListener("mouseleave", () => { if (!drag) { mark(0, -1, "take"); t.classList.remove("split-here"); } });
      t.addEventListener("pointerdown", (e) => { e.preventDefault(); drag = {index, k}; });
      t.addEventListener("pointerup", () => {
        const start = drag; drag = null;
        if (!start || start.index !== index) return;
        if (start.k !== k) {
          const a = Math.min(start.k, k), b = Math.max(start.k, k);
          const m = heapMoveAt(index, a, b - a + 1);
          return m ? play(m) : showError(`taking tokens ${a} to ${b} of ${n} is not a move of this game`);
        }
        const found = heapMoveAt(index, k);
        return found ? play(found.move) : showError(`no move of this game starts at token ${k} of ${n}`);
      });
      tokens.append(t);
    }
    if (n > shown) tokens.append(el("span", "more", `+ ${n - shown} more (use the moves below)`));
    if (highlight && highlight.part === index) {
      row.classList.add("hinted");
      // the tokens the hinted move takes: after the first piece it leaves
      const left = highlight.to.length ? Math.min(...highlight.to) : 0;
      const kept = highlight.to.reduce((a, b) => a + b, 0);
      const first = highlight.to.length === 2 ? left + 1 : kept + 1;
      mark(first, first + n - kept - 1, "take");
      const leaves = highlight.to.slice().sort((a, b) => a - b);
      // show what the hinted move leaves
      row.append(el("span", "hint-tag", `→ ${leaves.length ? leaves.join(" + ") : "0"}`));
    }
    row.append(tokens, badge(index));
    root.append(row);
  });
  if (!state.parts.length) root.append(el("p", "empty", "No heaps left."));
}

function coinClick(cell) {
  const index = state.parts.findIndex((p) => key(p) === key(cell));
  if (state.selected === null) {
    if (index < 0) return showError(`${key(cell)} shows tails: a move starts at a head`);
    state.selected = index;
    return render();
  }
  const moves = movesOf(state.selected);
  if (index === state.selected) {
    const alone = moves.find((m) => m.to.length === 0);
    if (alone) return play(alone);
    state.selected = null;
    return render();
  }
  const containing = moves.filter((m) => m.to.some((p) => key(p) === key(cell)));
  if (!containing.length) {
    if (index >= 0) { state.selected = index; return render(); }
    return showError(`no move from ${key(state.parts[state.selected])} turns ${key(cell)}`);
  }
  const least = Math.min(...containing.map((m) => m.to.length));
  const best = containing.filter((m) => m.to.length === least);
  if (best.length === 1) return play(best[0]);
  drawMenu(best);
}

function coinFace(cell, highlight, hoverMoves) {
  const heads = new Set(state.parts.map(key));
  const c = el("button", "coin " + (heads.has(key(cell)) ? "head" : "tail"));
  c.dataset.cell = key(cell);
  c.textContent = Array.isArray(cell) ? "" : cell;
  c.title = `${Array.isArray(cell) ? "cell " + key(cell) : "coin " + cell}: ${heads.has(key(cell)) ? "heads" : "tails"}`;
  const selected = state.selected !== null && key(state.parts[state.selected]) === key(cell);
  if (selected) c.classList.add("selected");
  if (highlight && (key(highlight.from) === key(cell) || highlight.to.some((p) => key(p) === key(cell)))) c.classList.add("hinted");
  c.addEventListener("click", () => (board() === "grid" ? gridClick(cell) : coinClick(cell)));
  c.addEventListener("mouseenter", () => hoverMoves(cell, true));
  c.addEventListener("mouseleave", () => hoverMoves(cell, false));
  return c;
}

function flipMarks(root, move, on) {
  root.querySelectorAll(".coin").forEach((c) => c.classList.remove("flip"));
  if (!on || !move) return;
  for (const p of [move.from, ...move.to]) {
    const c = root.querySelector(`[data-cell="${key(p)}"]`);
    if (c) c.classList.add("flip");
  }
}

function hoverFor(root) {
  return (cell, on) => {
    let move = null;
    if (board() === "grid") {
      const index = state.parts.findIndex((p) => key(p) === key(cell));
      move = index >= 0 ? movesOf(index)[0] : null;
    } else if (state.selected !== null) {
      const moves = movesOf(state.selected);
      const containing = moves.filter((m) => m.to.some((p) => key(p) === key(cell)) || (m.to.length === 0 && key(cell) === key(state.parts[state.selected])));
      containing.sort((a, b) => a.to.length - b.to.length);
      move = containing[0] || null;
    }
    flipMarks(root, move, on);
  };
}

function drawCoins(root, highlight) {
  const row = el("div", "coin-row");
  const hover = hoverFor(root);
  for (let n = 1; n <= state.size; n++) row.append(coinFace(n, highlight, hover));
  root.append(row);
}

function gridClick(cell) {
  const index = state.parts.findIndex((p) => key(p) === key(cell));
  if (index < 0) return showError(`${key(cell)} is white: a move toggles the square of a black cell`);
  const move = movesOf(index)[0];
  if (move) play(move);
}

function drawCoinBoard(root, highlight) {
  const {rows, cols} = state.size;
  const grid = el("div", "coin-board");
  grid.style.gridTemplateColumns = `2em repeat(${cols}, var(--cell))`;
  const hover = hoverFor(root);
  grid.append(el("span", "axis", ""));
  for (let c = 1; c <= cols; c++) grid.append(el("span", "axis", c));
  for (let r = 1; r <= rows; r++) {
    grid.append(el("span", "axis", r));
    for (let c = 1; c <= cols; c++) grid.append(coinFace([r, c], highlight, hover));
  }
  root.append(grid);
}

// A game with positions of its own: each part a card with its text; the moves are the menu.
function drawOwn(root, highlight) {
  const wrap = el("div", "own-parts");
  state.parts.forEach((part, index) => {
    const card = el("button", "own-part" + (state.selected === index ? " selected" : ""), `${part} `);
    card.dataset.part = index;
    card.title = "list only this part's moves";
    if (highlight && highlight.part === index) card.classList.add("hinted");
    card.append(badge(index));
    card.addEventListener("click", () => { state.selected = state.selected === index ? null : index; render(); });
    wrap.append(card);
  });
  if (!state.parts.length) wrap.append(el("p", "empty", "Nothing left."));
  root.append(wrap);
}

// Wythoff's game: each part is a queen on its own board, drawn from the corner 0,0 to the
// queen; the squares it may move to are buttons (left, up, diagonally towards the corner).
function drawQueens(root, highlight) {
  const wrap = el("div", "queens");
  state.parts.forEach((queen, index) => {
    const [rows, cols] = queen;
    const grid = el("div", "queen-board");
    grid.dataset.part = index;
    grid.style.gridTemplateColumns = `2em repeat(${cols + 1}, var(--cell))`;
    grid.append(el("span", "axis", ""));
    for (let c = 0; c <= cols; c++) grid.append(el("span", "axis", c));
    const moves = movesOf(index);
    for (let r = 0; r <= rows; r++) {
      grid.append(el("span", "axis", r));
      for (let c = 0; c <= cols; c++) {
        const move = moves.find((m) => m.to.length === 1 && m.to[0][0] === r && m.to[0][1] === c);
        const here = r === rows && c === cols;
        const cell = el(move ? "button" : "span", "square" + (here ? " queen" : "") + (move ? " target" : ""), here ? "♛" : "");
        cell.dataset.cell = `${r},${c}`;
        cell.title = here ? `the queen at ${r},${c}` : `${r},${c}`;
        if (highlight && highlight.part === index && highlight.to.length === 1 && highlight.to[0][0] === r && highlight.to[0][1] === c) cell.classList.add("hinted");
        if (move) cell.addEventListener("click", () => play(move));
        grid.append(cell);
      }
    }
    const label = el("span", "piece-label", `queen at ${rows},${cols} `);
    label.append(badge(index));
    const box = el("div", "queen-part");
    box.append(label, grid);
    wrap.append(box);
  });
  root.append(wrap);
}

function drawRectangles(root, highlight) {
  const wrap = el("div", "pieces");
  state.parts.forEach((piece, index) => {
    const [n, m] = piece;
    const moves = movesOf(index);
    const box = el("div", "piece" + (moves.length ? "" : " dead"));
    box.style.setProperty("--rows", n);
    box.style.setProperty("--cols", m);
    box.title = `${n}x${m}` + (moves.length ? "" : ": no cut left");
    const label = el("span", "piece-label", `${n}×${m} `);
    label.append(badge(index));
    box.append(label);
    const addLine = (horizontal, i) => {
      const leaves = horizontal ? [[i, m], [n - i, m]] : [[n, i], [n, m - i]];
      const move = moves.find((mv) => sameParts(mv.to, leaves));
      if (!move) return;
      const line = el("button", "cut " + (horizontal ? "h" : "v"));
      line.dataset.part = index;
      line.dataset.cut = `${horizontal ? "row" : "col"}${i}`;
      line.style.setProperty("--at", i);
      line.title = `cut into ${key(leaves[0])} and ${key(leaves[1])}`;
      if (highlight && highlight.part === index && sameParts(highlight.to, leaves)) line.classList.add("hinted");
      line.addEventListener("click", () => play(move));
      box.append(line);
    };
    for (let i = 1; i < n; i++) addLine(true, i);
    for (let j = 1; j < m; j++) addLine(false, j);
    wrap.append(box);
  });
  if (!state.parts.length) wrap.append(el("p", "empty", "No paper left."));
  root.append(wrap);
}

function drawBottles(root, highlight) {
  const n = state.size;
  const counts = new Array(n).fill(0);
  state.parts.forEach((d) => { counts[n - 1 - d] += 1; });
  const row = el("div", "bottles");
  for (let i = 0; i < n; i++) {
    const b = el("button", "bottle");
    b.dataset.bottle = i;
    const beans = el("div", "beans");
    for (let t = 0; t < Math.min(counts[i], 12); t++) beans.append(el("span", "bean"));
    if (counts[i] > 12) beans.append(el("span", "more", `×${counts[i]}`));
    b.append(beans, el("span", "bottle-label", `${i}`));
    if (state.picks[0] === i) b.classList.add("selected");
    if (state.picks.slice(1).includes(i)) b.classList.add("target");
    if (highlight) {
      const from = n - 1 - highlight.from;
      const to = highlight.to.map((d) => n - 1 - d);
      if (i === from) b.classList.add("hinted");
      if (to.includes(i)) b.classList.add("hint-target");
    }
    b.addEventListener("click", () => bottleClick(i, counts));
    row.append(b);
  }
  root.append(row);
  const say = ["Click a bottle with a bean to move it.", "Now the first bottle to put a bean in (to the right).", "Now the second bottle (the same or further right)."][state.picks.length];
  root.append(el("p", "help", say));
}

function bottleClick(i, counts) {
  const n = state.size;
  if (state.picks.length === 0) {
    if (!counts[i]) return showError(`bottle ${i} is empty`);
    state.picks = [i];
    return render();
  }
  const last = state.picks[state.picks.length - 1];
  if (i <= state.picks[0] || (state.picks.length === 2 && i < last)) {
    state.picks = counts[i] ? [i] : [];
    return render();
  }
  state.picks.push(i);
  if (state.picks.length < 3) return render();
  const [from, j, k] = state.picks;
  const index = state.parts.findIndex((d) => d === n - 1 - from);
  const move = findMove(index, [n - 1 - j, n - 1 - k]);
  state.picks = [];
  if (move) play(move); else { render(); showError("that is not a move"); }
}

// -- board games: Cram, Chomp, Node and Arc Kayles, Green Hackenbush -------------------------
// The server draws each part (cells, a bar, a graph, a drawing), every thing with a key, and
// names each move by the key clicked (take) and the keys it removes (gone).  The page keeps
// where things were first drawn (frames), so nothing moves when the rest of a graph goes.

// the SVG namespace, as the HTML parser gives it (this file names no address)
const SVG = (() => { const d = document.createElement("div"); d.innerHTML = "<svg></svg>"; return d.firstChild.namespaceURI; })();

function svg(tag, attrs) {
  const e = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs || {})) e.setAttribute(k, v);
  return e;
}

function framesFrom(drawings) {
  state.drawings = drawings;
  state.hidden = drawings.map(() => new Set());
  drawings.forEach((d, i) => {
    const f = state.frames[i] || (state.frames[i] = {vertices: {}, edges: {}, heights: null});
    if (d.kind === "bar" && !f.heights) f.heights = d.heights.slice();
    for (const v of d.vertices || []) if (!f.vertices[v.key]) f.vertices[v.key] = v;
    for (const e of d.edges || []) if (!f.edges[e.key]) f.edges[e.key] = e;
  });
}

// A move was played: what it removed is hidden until the next drawing, and marked as the last move.
function played(move, who) {
  if (!boardGame() || !move.gone) return;
  (state.hidden[move.part] || (state.hidden[move.part] = new Set()));
  move.gone.forEach((k) => state.hidden[move.part].add(k));
  state.last = {part: move.part, gone: move.gone, who, take: move.take};
  if (board() === "cram") state.dominoes.push({part: move.part, cells: move.gone, who});
}

function boardMarks() {
  return JSON.stringify({dominoes: state.dominoes, last: state.last});
}

const boardMoves = (index) => movesOf(index).filter((m) => m.take !== undefined);
const moveTaking = (index, take) => boardMoves(index).find((m) => m.take === take) || null;

function drawBoardGame(root, highlight) {
  const wrap = el("div", "board-parts");
  state.parts.forEach((part, index) => {
    const d = state.drawings[index];
    const box = el("div", "board-part");
    box.dataset.part = index;
    const label = el("span", "piece-label", `${part} `);
    label.append(badge(index));
    box.append(label);
    if (d) {
      const hidden = state.hidden[index] || new Set();
      const hint = highlight && highlight.part === index ? new Set([...(highlight.gone || []), highlight.take]) : new Set();
      const last = state.last && state.last.part === index ? state.last : null;
      const draw = {cells: drawCells, bar: drawBar, graph: drawNet, drawing: drawNet}[d.kind];
      draw(box, index, d, hidden, hint, last);
    }
    wrap.append(box);
  });
  if (!state.parts.length) wrap.append(el("p", "empty", "Nothing left."));
  root.append(wrap);
  const say = board() === "cram" ? (state.pick ? `Now a free neighbour of ${state.pick.key} to place the domino (or another cell to start again).` : "Click a free cell, then a free neighbour: a domino covers the two.") : null;
  if (say && !state.over) root.append(el("p", "help", say));
}

function drawCells(box, index, d, hidden, hint, last) {
  const grid = el("div", "cram-board");
  grid.style.gridTemplateColumns = `repeat(${d.cols}, var(--cell))`;
  const free = new Set(d.free.filter((k) => !hidden.has(k)));
  const owner = {};
  state.dominoes.filter((m) => m.part === index).forEach((m, n, all) => {
    for (const k of m.cells) owner[k] = {who: m.who, latest: n === all.length - 1 && last && last.gone.includes(k)};
  });
  const picked = state.pick && state.pick.part === index ? state.pick.key : null;
  const targets = new Set();
  if (picked) for (const m of boardMoves(index)) if (m.gone.includes(picked)) m.gone.forEach((k) => { if (k !== picked) targets.add(k); });
  for (let r = 0; r < d.rows; r++) {
    for (let c = 0; c < d.cols; c++) {
      const k = `${r},${c}`;
      const isFree = free.has(k);
      const cell = el(isFree ? "button" : "span", "cell " + (isFree ? "free" : owner[k] ? `domino ${owner[k].who}` : "blocked"));
      cell.dataset.key = k;
      cell.title = isFree ? `cell ${k}: free` : owner[k] ? `cell ${k}: a domino of ${owner[k].who === "you" ? "yours" : "grundy's"}` : `cell ${k}: blocked`;
      if (owner[k] && owner[k].latest) cell.classList.add("last");
      if (k === picked) cell.classList.add("selected");
      if (targets.has(k)) cell.classList.add("target");
      if (hint.has(k)) cell.classList.add("hinted");
      if (isFree && boardMoves(index).some((m) => m.gone.includes(k))) cell.classList.add("clickable");
      if (isFree) cell.addEventListener("click", () => cellClick(index, k));
      grid.append(cell);
    }
  }
  box.append(grid);
}

function cellClick(index, k) {
  if (state.busy || state.over) return;
  const named = boardMoves(index).find((m) => m.take === k);  // a move of one cell clicked
  if (named) { state.pick = null; return play(named); }
  const picked = state.pick && state.pick.part === index ? state.pick.key : null;
  if (picked === k) { state.pick = null; return render(); }
  if (picked) {
    const move = boardMoves(index).find((m) => m.gone.includes(picked) && m.gone.includes(k));
    if (move) return play(move);
  }
  if (!boardMoves(index).some((m) => m.gone.includes(k))) { state.pick = null; render(); return showError(`no domino fits on cell ${k}: its neighbours are taken`); }
  state.pick = {part: index, key: k};
  render();
}

// Chomp: column i from the left, row j from the bottom; the square 0,0 is poisoned.
function drawBar(box, index, d, hidden, hint, last) {
  const frame = (state.frames[index] && state.frames[index].heights) || d.heights;
  const rows = Math.max(...frame, 1);
  const grid = el("div", "chomp-bar");
  grid.style.gridTemplateColumns = `repeat(${frame.length}, var(--cell))`;
  const here = new Set();
  d.heights.forEach((h, i) => { for (let j = 0; j < h; j++) here.add(`${i},${j}`); });
  for (let j = rows - 1; j >= 0; j--) {
    for (let i = 0; i < frame.length; i++) {
      const k = `${i},${j}`;
      const inFrame = j < frame[i];
      const alive = here.has(k) && !hidden.has(k);
      const move = alive ? moveTaking(index, k) : null;
      const poison = i === 0 && j === 0;
      const sq = el(alive ? "button" : "span", "square-c " + (!inFrame ? "outside" : alive ? "alive" : "eaten"), poison ? "☠" : "");
      sq.dataset.key = k;
      sq.title = poison ? "the poisoned square: whoever has only this left loses" : `column ${i}, row ${j}` + (alive ? "" : ": eaten");
      if (poison) sq.classList.add("poison");
      if (move) sq.classList.add("clickable");
      if (last && last.gone.includes(k)) sq.classList.add("last", last.who);
      if (hint.has(k)) sq.classList.add("hinted");
      if (alive) {
        sq.addEventListener("click", () => (move ? play(move) : showError("the poisoned square is never bitten: whoever is left with it alone loses")));
        sq.addEventListener("mouseenter", () => { if (move) grid.querySelectorAll(".square-c").forEach((q) => q.classList.toggle("take", move.gone.includes(q.dataset.key))); });
        sq.addEventListener("mouseleave", () => grid.querySelectorAll(".take").forEach((q) => q.classList.remove("take")));
      }
      grid.append(sq);
    }
  }
  box.append(grid);
}

// Graphs (Node and Arc Kayles) and Hackenbush drawings, in SVG: vertices where they were
// first drawn; the things the last move removed drawn dashed, the rest of the removed gone.
function drawNet(box, index, d, hidden, hint, last) {
  const frame = state.frames[index] || {vertices: {}, edges: {}};
  const ground = d.kind === "drawing";
  const vertices = Object.values(frame.vertices);
  const edges = Object.values(frame.edges);
  const xs = [], ys = [];
  for (const v of vertices) { xs.push(v.x); ys.push(v.y); }
  if (ground) for (const e of edges) { xs.push(e.a[0], e.b[0]); ys.push(0, e.a[1], e.b[1]); }
  if (!xs.length) { xs.push(0); ys.push(0); }
  const [x0, x1, y0, y1] = [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)];
  const unit = Math.max(28, Math.min(70, 560 / Math.max(x1 - x0, 1), 300 / Math.max(y1 - y0, 1)));
  const pad = 30;
  const width = (x1 - x0) * unit + 2 * pad, height = (y1 - y0) * unit + 2 * pad + (ground ? 12 : 0);
  const at = (x, y) => ground ? [pad + (x - x0) * unit, height - pad - (y - y0) * unit] : [pad + (x - x0) * unit, pad + (y - y0) * unit];
  const pic = svg("svg", {width, height, viewBox: `0 0 ${width} ${height}`, class: "net" + (ground ? " hackenbush" : "")});
  if (ground) {
    const [, gy] = at(0, 0);
    pic.append(svg("rect", {x: 0, y: gy, width, height: height - gy, class: "ground"}));
  }
  const aliveEdges = new Set(d.edges.map((e) => e.key).filter((k) => !hidden.has(k)));
  const aliveVertices = new Set(d.vertices.map((v) => v.key).filter((k) => !hidden.has(k)));
  const lastGone = new Set(last ? last.gone : []);
  const ends = (e) => ground ? [e.a, e.b] : [[frame.vertices[e.a].x, frame.vertices[e.a].y], [frame.vertices[e.b].x, frame.vertices[e.b].y]];
  for (const e of edges) {
    const alive = aliveEdges.has(e.key);
    if (!alive && !lastGone.has(e.key)) continue;
    const [[ax, ay], [bx, by]] = ends(e).map(([x, y]) => at(x, y));
    let path, hit;
    if (e.loop) {
      const r = unit * 0.28;
      path = hit = `M ${ax} ${ay} C ${ax - 1.6 * r} ${ay - 2.4 * r} ${ax + 1.6 * r} ${ay - 2.4 * r} ${ax} ${ay}`;
    } else {
      const bend = (e.bend || 0) * unit, mx = (ax + bx) / 2, my = (ay + by) / 2;
      const len = Math.hypot(bx - ax, by - ay) || 1;
      const nx = -(by - ay) / len, ny = (bx - ax) / len;
      const cx = mx + nx * bend * 2, cy = my + ny * bend * 2;
      path = hit = `M ${ax} ${ay} Q ${cx} ${cy} ${bx} ${by}`;
      // a straight edge is clicked on a band around it (a line alone has no area)
      if (!bend) hit = `M ${ax + nx * 7} ${ay + ny * 7} L ${bx + nx * 7} ${by + ny * 7} L ${bx - nx * 7} ${by - ny * 7} L ${ax - nx * 7} ${ay - ny * 7} Z`;
    }
    const g = svg("g", {class: "edge" + (alive ? "" : " gone")});
    g.dataset.key = e.key;
    const take = e.take || e.key;
    g.dataset.take = take;
    const move = alive ? moveTaking(index, take) : null;
    if (move) g.classList.add("clickable");
    if (!alive && last) g.classList.add("last", last.who);
    if (hint.has(e.key)) g.classList.add("hinted");
    g.append(svg("path", {d: hit, class: "hit"}), svg("path", {d: path, class: "line"}));
    const title = svg("title");
    title.textContent = alive ? (ground ? `edge ${take}: cut it` : `edge ${take}`) : `edge ${take}: taken by the last move`;
    g.append(title);
    clickable(g, move);
    hoverGone(pic, g, move);
    pic.append(g);
  }
  for (const v of vertices) {
    const alive = aliveVertices.has(v.key);
    if (!alive && !lastGone.has(v.key)) continue;
    const [x, y] = at(v.x, v.y);
    const g = svg("g", {class: "vertex" + (alive ? "" : " gone")});
    g.dataset.key = v.key;
    const move = alive && !ground ? moveTaking(index, v.key) : null;
    if (move) g.classList.add("clickable");
    if (!alive && last) g.classList.add("last", last.who);
    if (hint.has(v.key)) g.classList.add("hinted");
    g.append(svg("circle", {cx: x, cy: y, r: ground ? 5 : 13}));
    if (v.label && !ground) { const t = svg("text", {x, y: y + 4}); t.textContent = v.label; g.append(t); }
    const title = svg("title");
    title.textContent = `vertex ${v.key}` + (alive ? "" : ": taken by the last move");
    g.append(title);
    clickable(g, move);
    hoverGone(pic, g, move);
    pic.append(g);
  }
  box.append(pic);
}

// A vertex or an edge with a move: clicked, or reached with Tab and played with Enter or Space.
function clickable(g, move) {
  if (!move) return;
  g.setAttribute("tabindex", "0");
  g.setAttribute("role", "button");
  g.addEventListener("click", () => play(move));
  g.addEventListener("keydown", (e) => { if (e.key === "Enter" || e.key === " ") { e.preventDefault(); play(move); } });
}

function hoverGone(pic, g, move) {
  if (!move) return;
  g.addEventListener("mouseenter", () => pic.querySelectorAll("[data-key]").forEach((x) => x.classList.toggle("take", move.gone.includes(x.dataset.key))));
  g.addEventListener("mouseleave", () => pic.querySelectorAll(".take").forEach((x) => x.classList.remove("take")));
}

// The moves of the part picked (or of every part, for small positions), as buttons.
function drawMenu(only) {
  const menu = $("menu");
  menu.replaceChildren();
  if (!state.analysis || state.over) return;
  let moves = only || null;
  if (!moves) {
    if (state.selected !== null) moves = movesOf(state.selected);
    else if ((board() === "heaps" || board() === "rectangle") && state.analysis.moves.length <= 30) moves = state.analysis.moves;
    else if (boardGame()) return;  // the board is clicked
    else if (own()) moves = state.analysis.moves;
    else if (board() === "heaps") { menu.append(el("span", "menu-title", "Click a heap's size to list its moves.")); return; }
    else return;
  }
  const seen = new Set();
  moves = moves.filter((m) => { const k = m.part + ":" + m.to.map(key).sort().join("+"); if (seen.has(k)) return false; seen.add(k); return true; });
  if (!moves.length) return;
  menu.append(el("span", "menu-title", only ? "Which move?" : "Moves:"));
  for (const m of moves.slice(0, 80)) {
    const b = el("button", "chip", moveText(m));
    b.addEventListener("click", () => play(m));
    b.addEventListener("mouseenter", () => flipMarks($("board"), m, true));
    b.addEventListener("mouseleave", () => flipMarks($("board"), m, false));
    menu.append(b);
  }
  if (moves.length > 80 || state.analysis.moves_truncated) menu.append(el("span", "more", "… more moves: use the board"));
}

// -- messages -------------------------------------------------------------------------------

function setStatus(text, cls) {
  const s = $("status");
  s.textContent = text;
  s.className = "status" + (cls ? " " + cls : "");
}

function showNotice(text) { const n = $("notice"); n.textContent = text; n.hidden = false; n.className = "notice"; }
function showError(text) { const n = $("notice"); n.textContent = text; n.hidden = false; n.className = "notice error"; }
function clearNotice() { $("notice").hidden = true; }

function log(who, text) {
  const item = el("li", who, `${who === "you" ? "You" : "grundy"}: ${text}`);
  item.dataset.who = who;
  $("log").append(item);
}

// A short pause between your move and grundy's, so both can be seen (none when the
// reader asked for reduced motion).
const calm = window.matchMedia("(prefers-reduced-motion: reduce)");
const pause = (ms) => new Promise((resolve) => setTimeout(resolve, calm.matches ? 0 : ms));

// -- heat map -------------------------------------------------------------------------------

function mapDefaults() {
  const two = state.info.dims === 2;
  for (const id of ["rows-label", "cols-label"]) $(id).hidden = !two;
  for (const id of ["n-label", "width-label"]) $(id).hidden = two;
}

function colour(v, top) {
  // a perceptual ramp (dark blue -> teal -> yellow), value 0 the darkest
  const t = top ? Math.sqrt(v / top) : 0;
  const stops = [[40, 30, 90], [33, 120, 160], [60, 185, 120], [250, 220, 60]];
  const x = t * (stops.length - 1), i = Math.min(Math.floor(x), stops.length - 2), f = x - i;
  const c = stops[i].map((a, j) => Math.round(a + (stops[i + 1][j] - a) * f));
  return `rgb(${c[0]},${c[1]},${c[2]})`;
}

// What grundy explore finds in the values shown: a line each, "certified" when a theorem
// proves it, "observed" when it holds on every value shown.
function showPatterns(patterns) {
  const list = $("pattern-list");
  list.replaceChildren(...patterns.map((f) => {
    const item = el("li");
    item.append(el("span", "kind", `${f.kind}: `), document.createTextNode(f.text),
                el("span", "proof", f.certified ? " (certified)" : " (observed)"));
    return item;
  }));
  $("patterns").hidden = patterns.length === 0;
}

async function drawMap() {
  const canvas = $("heatmap");
  const ctx = canvas.getContext("2d");
  const status = $("map-status");
  let cells, label, patterns = [];
  try {
    if (!state.info.map) {  // Chomp, Hackenbush: positions are analysed one by one
      status.textContent = `${state.game}: its positions are not heaps, cells or empty boards, so it has no map of values; play or analyse a position instead.`;
      showPatterns([]);
      return;
    }
    if (state.info.dims === 2) {
      const rows = Number($("map-rows").value), cols = Number($("map-cols").value);
      const data = await call(`/api/table?game=${encodeURIComponent(state.game)}&rows=${rows}&cols=${cols}`);
      // a board game's table: -1 for a board past the cells searched, left blank
      cells = {values: data.values, rows, cols, at: (r, c) => (data.values[r][c] < 0 ? null : data.values[r][c])};
      label = (r, c) => `${r + data.first_index}×${c + data.first_index}`;
      patterns = data.patterns;
      status.textContent = data.cells
        ? `${state.game}: values of the empty boards from 1×1 to ${rows}×${cols} (boards of at most ${data.cells} cells; the others are left blank); ${data.p_positions.length} P-positions (rings).`
        : `${state.game}: values of ${rows}×${cols} positions from ${data.first_index}; ${data.p_positions.length} P-positions (rings).`;
    } else {
      const n = Number($("map-n").value), width = Math.max(1, Number($("map-width").value));
      const data = await call(`/api/sequence?game=${encodeURIComponent(state.game)}&n=${n}`);
      const rows = Math.ceil(n / width);
      cells = {rows, cols: Math.min(width, n), at: (r, c) => (r * width + c < n ? data.values[r * width + c] : null)};
      label = (r, c) => `${board() === "coins" ? "coin" : board() === "bottles" ? "bean, bottles after it:" : "heap"} ${r * width + c}`;
      status.textContent = `${state.game}: values of positions 0 to ${n - 1}, ${width} a row; ${data.p_positions.length} P-positions (rings).`;
      patterns = data.patterns;
    }
  } catch (e) { status.textContent = e.message; showPatterns([]); return; }
  showPatterns(patterns);
  let top = 0;
  for (let r = 0; r < cells.rows; r++) for (let c = 0; c < cells.cols; c++) top = Math.max(top, cells.at(r, c) ?? 0);
  const size = Math.max(3, Math.min(28, Math.floor(720 / cells.cols), Math.floor(560 / cells.rows)));
  canvas.width = cells.cols * size;
  canvas.height = cells.rows * size;
  ctx.clearRect(0, 0, canvas.width, canvas.height);
  for (let r = 0; r < cells.rows; r++) {
    for (let c = 0; c < cells.cols; c++) {
      const v = cells.at(r, c);
      if (v === null) continue;
      ctx.fillStyle = colour(v, top);
      ctx.fillRect(c * size, r * size, size - (size > 6 ? 1 : 0), size - (size > 6 ? 1 : 0));
      if (v === 0) {
        ctx.strokeStyle = "#fff";
        ctx.lineWidth = Math.max(1, size / 8);
        ctx.beginPath();
        ctx.arc(c * size + size / 2, r * size + size / 2, size / 3, 0, 2 * Math.PI);
        ctx.stroke();
      }
      if (size >= 20) {
        ctx.fillStyle = v / (top || 1) > 0.5 ? "#222" : "#eee";
        ctx.font = `${Math.floor(size / 2.4)}px system-ui, sans-serif`;
        ctx.textAlign = "center";
        ctx.textBaseline = "middle";
        if (v) ctx.fillText(String(v), c * size + size / 2, r * size + size / 2);
      }
    }
  }
  canvas.dataset.drawn = `${cells.rows}x${cells.cols}`;
  const legend = $("legend");
  legend.replaceChildren(el("span", "", "0 (P)"));
  for (let i = 0; i <= 8; i++) { const s = el("span", "swatch"); s.style.background = colour(top * i / 8, top); legend.append(s); }
  legend.append(el("span", "", String(top)));
  canvas.onmousemove = (e) => {
    const box = canvas.getBoundingClientRect();
    const c = Math.floor((e.clientX - box.left) / size), r = Math.floor((e.clientY - box.top) / size);
    const tip = $("tooltip");
    const v = r >= 0 && c >= 0 && r < cells.rows && c < cells.cols ? cells.at(r, c) : null;
    if (v === null) { tip.hidden = true; return; }
    tip.hidden = false;
    tip.textContent = `${label(r, c)}: value ${v}${v === 0 ? " (P-position)" : ""}`;
    tip.style.left = `${e.clientX - box.left + 14}px`;
    tip.style.top = `${e.clientY - box.top + 14}px`;
  };
  canvas.onmouseleave = () => { $("tooltip").hidden = true; };
}

// -- wiring ---------------------------------------------------------------------------------

function showView(view) {
  for (const b of document.querySelectorAll(".tab")) b.classList.toggle("active", b.dataset.view === view);
  $("view-play").hidden = view !== "play";
  $("view-map").hidden = view !== "map";
  if (view === "map") drawMap();
}

async function switchGame(name) {
  if (state.busy) return;
  setBusy(true);
  try {
    await useGame(name);
    await startGame();
    if (!$("view-map").hidden) await drawMap();
  } catch (e) { showError(e.message); } finally { setBusy(false); }
}

window.addEventListener("DOMContentLoaded", async () => {
  for (const b of document.querySelectorAll(".tab")) b.addEventListener("click", () => showView(b.dataset.view));
  $("game-select").addEventListener("change", (e) => { $("notation").value = ""; switchGame(e.target.value); });
  $("notation-use").addEventListener("click", () => { const v = $("notation").value.trim(); if (v) switchGame(v); });
  $("notation").addEventListener("keydown", (e) => { if (e.key === "Enter") $("notation-use").click(); });
  $("position").addEventListener("keydown", (e) => { if (e.key === "Enter") newGame(); });
  $("random").addEventListener("click", () => { const p = randomPosition(); $("position").value = writePosition(p.parts, p.size); newGame(); });
  $("new-game").addEventListener("click", newGame);
  $("hint").addEventListener("click", hint);
  $("show-values").addEventListener("change", () => render());
  $("undo").addEventListener("click", undo);
  $("map-draw").addEventListener("click", drawMap);
  document.addEventListener("keydown", (e) => { if (e.key === "Escape") { state.selected = null; state.picks = []; render(); } });
  try {
    await loadCatalog();
    await switchGame($("game-select").value);
    document.body.dataset.ready = "1";
  } catch (e) { showError(`cannot reach the grundy server: ${e.message}`); }
});
