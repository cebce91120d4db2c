#!/usr/bin/env python3
"""Seeds fuzz/corpus/TARGET from the repository's own examples: string literals of the
crates' sources and tests, the files of crates/*/tests/data, and code blocks of docs/.
Never from other projects' data. Run from fuzz/: python3 seed_corpora.py"""
import hashlib, os, re, glob

ROOT = os.path.dirname(os.path.abspath(__file__)) + "/.."
OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "corpus")

def literals(path):
    text = open(path, encoding="utf-8").read()
    found = [m.group(2) for m in re.finditer(r'r(#+)"(.*?)"\1', text, re.S)]
    for m in re.finditer(r'(?<![r#\w])"((?:[^"\\\n]|\\.)*)"', text):
        s = m.group(1)
        try:
            s = s.encode().decode("unicode_escape").encode("latin-1").decode("utf-8")
        except Exception:
            pass
        found.append(s)
    return found

def blocks(path):
    text = open(path, encoding="utf-8").read()
    return re.findall(r"```[a-z]*\n(.*?)```", text, re.S)

def save(target, data):
    if isinstance(data, str):
        data = data.encode()
    os.makedirs(os.path.join(OUT, target), exist_ok=True)
    name = hashlib.sha1(data).hexdigest()
    open(os.path.join(OUT, target, name), "wb").write(data)

sources = glob.glob(ROOT + "/crates/*/src/**/*.rs", recursive=True) + glob.glob(ROOT + "/crates/*/tests/**/*.rs", recursive=True)
strings = [s for p in sources for s in literals(p)]
docs = [b for p in glob.glob(ROOT + "/docs/*.md") for b in blocks(p)]
files = {p: open(p, encoding="utf-8", errors="replace").read() for p in glob.glob(ROOT + "/crates/*/tests/data/*")}
texts = strings + docs + list(files.values())

# Game descriptions: "description\nposition\nmove" from `sprague analyze|moves|play GAME POS...`.
for t in texts:
    for line in t.splitlines():
        m = re.search(r"sprague (?:analyze|moves|play|values|graph|table) (\S+)((?: [^-\s]\S*)*)", line)
        if m:
            save("game_description", m.group(1) + "\n" + m.group(2).strip() + "\n")
for path in sources:
    if path.endswith("play_catalogue.rs"):
        for name, desc, pos in re.findall(r'\(\s*"([^"]+)",\s*"([^"]+)",\s*"([^"]*)",?\s*\)', open(path).read()):
            save("game_description", f"{desc}\n{pos}\n#1")
            save("game_description", f"{desc}\n{pos}\n")

# Nim arithmetic expressions.
for t in texts:
    for line in t.splitlines():
        m = re.search(r"sprague nimber ['\"]([^'\"]+)['\"]", line)
        if m:
            save("nimber_expression", m.group(1))
for s in strings:
    if re.fullmatch(r"[0-9a-fx+*/^()\s\-invsqrt]{1,80}", s) and re.search(r"\d", s):
        save("nimber_expression", s)

# Strategic-form games: selector byte 0 nfg, 1 csv, 2 json, 3 guess.
for t in texts:
    if t.lstrip().startswith("NFG"):
        save("normal_form", b"\x00" + t.encode())
        save("normal_form", b"\x03" + t.encode())
    elif re.search(r"^\s*\[\s*\[", t) or '"payoffs"' in t or '"matrix"' in t:
        save("normal_form", b"\x02" + t.encode())
for p, t in files.items():
    if p.endswith(".csv"):
        save("normal_form", b"\x01" + t.encode())

# Game trees: 0 JSON, 1 .efg, 2 text.
for t in texts:
    s = t.lstrip()
    if s.startswith('{') and '"players"' in t and ('"root"' in t or '"children"' in t or '"moves"' in t):
        save("game_tree", b"\x00" + t.encode())
        save("efg", b"\x01" + t.encode())
    if s.startswith("EFG"):
        save("game_tree", b"\x01" + t.encode())
        save("efg", b"\x00" + t.encode())
    if "->" in t and "(" in t and len(t) < 2000 and not s.startswith("{"):
        save("game_tree", b"\x02" + t.encode())

# Cooperative games: 0 inline, 1 document.
for t in texts:
    s = t.strip()
    if re.match(r"^\[\d+\s*;", s) or re.match(r"^(glove|airport|bankruptcy):", s):
        save("cooperative", b"\x00" + s.encode())
        save("cooperative", b"\x01" + s.encode())
    elif s.startswith("{") and ('"values"' in s or '"quota"' in s):
        save("cooperative", b"\x01" + s.encode())

# Edge lists and digraphs: 0/2 edge list (inline/file), 1/3 digraph (inline/file).
for t in texts:
    s = t.strip()
    if re.fullmatch(r"[\w'\s,:>\-]+", s) and re.search(r"\w\s*(->|>|-)\s*\w", s) and len(s) < 4000:
        for sel in range(4):
            save("graphs", bytes([sel]) + s.encode())
    if s.startswith("{") and '"edges"' in s:
        save("graphs", b"\x01" + s.encode())
        save("graphs", b"\x03" + s.encode())

# Checkpoints, written as the format says (crates/takebreak/src/checkpoint.rs): selector bits
# 0-1 choose the game (grundy, octal 0.77, hex 0.F, octal 4.007), bit 2 has the harness append
# the CRC (these seeds carry their own, so bit 2 is clear, and again without the CRC with it set).
import struct, zlib
GAMES = ["grundy", "octal 0.77", "hex 0.F", "octal 4.007"]
KAYLES = [0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6, 4, 1, 2, 7, 1, 4, 3, 2]
for selector, identity in enumerate(GAMES):
    for width, fmt in [(1, "B"), (2, "H"), (4, "I")]:
        for count in [0, 3, 20]:
            body = b"SPRGTBCP" + struct.pack("<I", 1) + struct.pack("<I", len(identity)) + identity.encode()
            body += bytes([width]) + struct.pack("<Q", count)
            body += b"".join(struct.pack("<" + fmt, v) for v in KAYLES[:count])
            save("checkpoint", bytes([selector]) + body + struct.pack("<I", zlib.crc32(body)))
            save("checkpoint", bytes([selector | 4]) + body)
