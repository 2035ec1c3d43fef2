"""Reads rustdoc JSON (format 40 and later) into a flat model of a crate's public API.

Used by .ci/public_api.py. The model is a dict: public path (relative to the crate root, e.g.
`Sha3_256`, `Sha3_256::new`, `hazmat::f1600`) -> Item(kind, sig, impls), where `sig` is a
normalized text of the item's signature (None when it cannot be known, e.g. an item of a crate
whose JSON we do not have) and `impls` the set of trait impls of a type (None when unknown).

Rustdoc JSON keeps a `pub use` of another crate's item as a `use` item pointing at an id that is
only in `paths`. A facade re-exports the family crates (lwc_keccak, lwc_ascon), so `Docs` loads
their JSON too and follows such ids there by path; ids of other crates (digest, aead, core) give
a path and a kind only.
"""

import json
import re
from dataclasses import dataclass, field
from pathlib import Path

# Kinds as rustdoc names them in `paths`, mapped to the names of `inner` (older formats differ).
KIND_ALIASES = {"typedef": "type_alias", "import": "use", "const": "constant", "method": "function",
                "proc_attribute": "macro", "proc_derive": "macro", "proc_macro": "macro"}
STD_CRATES = {"core", "alloc", "std"}
AUTO_TRAITS = {"Send", "Sync", "Unpin", "UnwindSafe", "RefUnwindSafe"}
# Auto traits only a nightly compiler names (rustdoc lists them): not visible to user code.
NIGHTLY_AUTO = {"Freeze", "UnsafeUnpin"}


@dataclass
class Item:
    kind: str
    sig: str | None = None
    impls: set | None = None


def kind_of(inner: dict) -> str:
    k = next(iter(inner)) if isinstance(inner, dict) else str(inner)
    return KIND_ALIASES.get(k, k)


class Doc:
    """One crate's rustdoc JSON."""

    def __init__(self, path: Path):
        d = json.loads(Path(path).read_text())
        self.format = d.get("format_version", 0)
        self.index = {str(k): v for k, v in d["index"].items()}
        self.paths = {str(k): v for k, v in d["paths"].items()}
        self.crates = {str(k): v["name"] for k, v in d.get("external_crates", {}).items()}
        self.meta = {str(k): v.get("path") for k, v in d.get("external_crates", {}).items()}
        self._labels: dict = {}
        self.root = str(d["root"])
        self.name = self.index[self.root]["name"]
        # Local items by their path (to follow another crate's re-export of one of them).
        self.by_path = {tuple(v["path"]): k for k, v in self.paths.items()
                        if v.get("crate_id") == 0 and k in self.index}

    def crate_label(self, crate_id) -> str:
        """A dependency's name with its line (`aead@0.5`): aead 0.5 and 0.6 traits both sit on
        our types. The version comes from the dep-info (`.d`) file beside the crate's `.rmeta`."""
        crate_id = str(crate_id)
        if crate_id in self._labels:
            return self._labels[crate_id]
        name = self.crates.get(crate_id, "?")
        label = name
        meta = self.meta.get(crate_id)
        if meta:
            m = re.match(r"lib(.+)\.(rmeta|rlib)$", Path(meta).name)
            dep = Path(meta).with_name(m.group(1) + ".d") if m else None
            if dep and dep.exists():
                v = re.search(r"/" + re.escape(name).replace("_", "[-_]") + r"-(\d+)\.(\d+)\.\d+[^/]*/",
                              dep.read_text())
                if v:
                    label = f"{name}@{v.group(1) if v.group(1) != '0' else '0.' + v.group(2)}"
        self._labels[crate_id] = label
        return label

    def crate_of(self, id_) -> str:
        p = self.paths.get(str(id_))
        if p is None:
            return self.name
        return self.name if p.get("crate_id") == 0 else self.crates.get(str(p["crate_id"]), "?")


class Docs:
    """The JSON of the compared crate plus those of crates its re-exports may point into."""

    def __init__(self, main: Doc, extra: list, family_names: set):
        self.main = main
        self.extra = {d.name: d for d in extra}
        # Crate names that stand for "this crate" when a trait or type path is normalized.
        self.local = {main.name} | set(self.extra) | family_names

    def resolve(self, doc: Doc, id_):
        """(doc, item) for a local or loaded item; (None, paths entry) for one we cannot see."""
        id_ = str(id_)
        if id_ in doc.index and doc.index[id_].get("crate_id", 0) == 0:
            return doc, doc.index[id_]
        entry = doc.paths.get(id_)
        if entry is None:
            return None, None
        crate = doc.crates.get(str(entry["crate_id"]))
        other = self.extra.get(crate)
        if other is not None and tuple(entry["path"]) in other.by_path:
            oid = other.by_path[tuple(entry["path"])]
            return other, other.index[oid]
        return None, entry

    # ---- normalized text of types, paths and signatures ----

    def path_text(self, doc: Doc, p: dict, trait=False) -> str:
        """A path as written (`Update`, `digest::Update`), normalized to `crate::Last` (this
        crate's or a family crate's item), `core::clone::Clone` (std), or `digest::Update`."""
        entry = doc.paths.get(str(p.get("id")))
        name = p.get("path") or p.get("name") or (entry["path"][-1] if entry else "?")
        last = name.split("::")[-1]
        if trait and entry is not None:
            crate = doc.crate_of(p.get("id"))
            if crate in self.local:
                base = "crate::" + last
            elif crate in STD_CRATES:
                base = "::".join(["core"] + entry["path"][1:])
            else:
                base = f"{doc.crate_label(entry['crate_id'])}::{last}"
        else:
            base = last
        return base + self.args_text(doc, p.get("args"))

    def expand_alias(self, doc: Doc, p: dict, depth: int):
        """The type an alias without generics names, when that is no named type (`[u64; 25]`),
        through aliases of aliases (a facade's alias of the family crate's); None otherwise."""
        tdoc, titem = self.resolve(doc, p.get("id"))
        if depth > 8 or p.get("args") or tdoc is None or kind_of(titem["inner"]) != "type_alias":
            return None
        ta = titem["inner"]["type_alias"]
        if ta["generics"].get("params"):
            return None
        if "resolved_path" in ta["type"]:
            return self.expand_alias(tdoc, ta["type"]["resolved_path"], depth + 1)
        return self.ty(tdoc, ta["type"], depth + 1)

    def args_text(self, doc: Doc, args) -> str:
        if not args:
            return ""
        if "angle_bracketed" in args:
            ab = args["angle_bracketed"]
            parts = []
            for a in ab.get("args", []):
                if a == "infer":
                    parts.append("_")
                elif "type" in a:
                    parts.append(self.ty(doc, a["type"]))
                elif "const" in a:
                    c = a["const"]
                    parts.append(str(c.get("value") or c.get("expr")))
                elif "lifetime" in a:
                    continue  # lifetimes are left out of signatures
            for c in ab.get("constraints", ab.get("bindings", [])):
                b = c.get("binding", {})
                if "equality" in b:
                    eq = b["equality"]
                    val = self.ty(doc, eq["type"]) if "type" in eq else str(eq)
                    parts.append(f"{c['name']} = {val}")
                else:
                    parts.append(f"{c['name']}: {self.bounds(doc, b.get('constraint', []))}")
            return f"<{', '.join(parts)}>" if parts else ""
        if "parenthesized" in args:
            pa = args["parenthesized"]
            out = pa.get("output")
            ins = ", ".join(self.ty(doc, t) for t in pa.get("inputs", []))
            return f"({ins})" + (f" -> {self.ty(doc, out)}" if out else "")
        return ""

    def bounds(self, doc: Doc, bounds) -> str:
        out = []
        for b in bounds or []:
            if "trait_bound" in b:
                tb = b["trait_bound"]
                mod = "?" if tb.get("modifier") == "maybe" else ""
                out.append(mod + self.path_text(doc, tb["trait"], trait=True))
        return " + ".join(out)

    def ty(self, doc: Doc, t, depth=0) -> str:
        if t is None:
            return "()"
        if isinstance(t, str):
            return "_" if t == "infer" else t
        k, v = next(iter(t.items()))
        if k == "resolved_path":
            return self.expand_alias(doc, v, depth) or self.path_text(doc, v)
        if k in ("generic", "primitive"):
            return v
        if k == "borrowed_ref":
            mut = v.get("is_mutable", v.get("mutable"))
            return "&" + ("mut " if mut else "") + self.ty(doc, v["type"])
        if k == "raw_pointer":
            mut = v.get("is_mutable", v.get("mutable"))
            return ("*mut " if mut else "*const ") + self.ty(doc, v["type"])
        if k == "slice":
            return f"[{self.ty(doc, v)}]"
        if k == "array":
            return f"[{self.ty(doc, v['type'])}; {v['len']}]"
        if k == "tuple":
            return "(" + ", ".join(self.ty(doc, x) for x in v) + ("," if len(v) == 1 else "") + ")"
        if k == "impl_trait":
            return "impl " + self.bounds(doc, v)
        if k == "dyn_trait":
            return "dyn " + " + ".join(self.path_text(doc, pt["trait"], trait=True)
                                       for pt in v.get("traits", []))
        if k == "qualified_path":
            self_ty = self.ty(doc, v.get("self_type"))
            tr = v.get("trait")
            head = f"<{self_ty} as {self.path_text(doc, tr, trait=True)}>" if tr else self_ty
            return f"{head}::{v['name']}" + self.args_text(doc, v.get("args"))
        if k == "function_pointer":
            return "fn" + self.fn_sig(doc, v.get("sig", v.get("decl")), None)
        return k

    def generics(self, doc: Doc, g) -> str:
        """Generic parameter names (with `const N: usize`), bounds left out."""
        names = []
        for p in (g or {}).get("params", []):
            kind = p.get("kind", {})
            if "lifetime" in kind:
                names.append(p["name"])
            elif "const" in kind:
                names.append(f"const {p['name']}: {self.ty(doc, kind['const'].get('type'))}")
            elif "type" in kind and not kind["type"].get("is_synthetic", kind["type"].get("synthetic")):
                names.append(p["name"])
        return f"<{', '.join(names)}>" if names else ""

    def fn_sig(self, doc: Doc, sig, item_generics) -> str:
        ins = []
        for name, t in sig.get("inputs", []):
            if name == "self":
                if t == {"generic": "Self"}:
                    ins.append("self")
                elif "borrowed_ref" in t and t["borrowed_ref"]["type"] == {"generic": "Self"}:
                    br = t["borrowed_ref"]
                    ins.append("&mut self" if br.get("is_mutable", br.get("mutable")) else "&self")
                else:
                    ins.append("self: " + self.ty(doc, t))
            else:
                ins.append(self.ty(doc, t))
        out = sig.get("output")
        return (self.generics(doc, item_generics) + "(" + ", ".join(ins) + ")"
                + (f" -> {self.ty(doc, out)}" if out is not None else ""))

    def function(self, doc: Doc, f: dict) -> str:
        h = f.get("header", {})
        head = ("const " if h.get("is_const", h.get("const")) else "") + \
               ("unsafe " if h.get("is_unsafe", h.get("unsafe")) else "")
        return head + "fn" + self.fn_sig(doc, f.get("sig", f.get("decl")), f.get("generics"))

    # ---- walking the crate from its root ----

    def model(self) -> dict:
        out: dict = {}
        self.walk(self.main, self.main.root, "", out, set())
        return out

    def walk(self, doc: Doc, module_id: str, prefix: str, out: dict, seen: set):
        if (doc.name, module_id) in seen:
            return
        seen.add((doc.name, module_id))
        inner = doc.index[module_id]["inner"]
        for cid in inner.get("module", inner.get("enum", {})).get("items", []):
            item = doc.index.get(str(cid))
            if item is None or item.get("visibility") != "public":
                continue
            k = kind_of(item["inner"])
            if k == "use":
                u = item["inner"].get("use") or item["inner"].get("import")
                if u.get("id") is None:
                    out.setdefault(prefix + u["name"], Item("use"))  # e.g. a primitive
                    continue
                tdoc, titem = self.resolve(doc, u["id"])
                if u.get("is_glob", u.get("glob")):
                    if tdoc is not None and kind_of(titem["inner"]) == "module":
                        self.walk(tdoc, str(titem["id"]), prefix, out, seen)
                    else:
                        out.setdefault(prefix + "*" + u["source"], Item("glob"))
                    continue
                self.add(prefix + u["name"], tdoc, titem, out, seen)
            else:
                self.add(prefix + item["name"], doc, item, out, seen)

    def add(self, path: str, doc, item, out: dict, seen: set):
        if path in out:
            return
        if doc is None:  # another crate's item: its kind only
            kind = KIND_ALIASES.get(item["kind"], item["kind"]) if item else "unknown"
            out[path] = Item(kind)
            return
        inner = item["inner"]
        k = kind_of(inner)
        v = inner[next(iter(inner))]
        if k == "module":
            out[path] = Item("module")
            self.walk(doc, str(item["id"]), path + "::", out, seen)
        elif k in ("struct", "enum", "union"):
            out[path] = Item(k, k + self.generics(doc, v.get("generics")), self.impls(doc, v, path, out))
            if k == "enum":
                for vid in v.get("variants", []):
                    var = doc.index[str(vid)]
                    vk = var["inner"]["variant"].get("kind")
                    out[f"{path}::{var['name']}"] = Item("variant", next(iter(vk)) if isinstance(vk, dict) else str(vk))
            elif k == "struct":
                kind = v.get("kind", {})
                fields = kind.get("plain", {}).get("fields", []) if isinstance(kind, dict) else []
                for fid in fields:
                    f = doc.index.get(str(fid))
                    if f and f.get("visibility") == "public":
                        out[f"{path}.{f['name']}"] = Item("field", self.ty(doc, f["inner"]["struct_field"]))
        elif k == "function":
            out[path] = Item("function", self.function(doc, v))
        elif k == "type_alias":
            # An alias of a struct or enum we can see has that type's trait impls and methods.
            impls, t = None, v["type"]
            if "resolved_path" in t:
                tdoc, titem = self.resolve(doc, t["resolved_path"].get("id"))
                if tdoc is not None and kind_of(titem["inner"]) in ("struct", "enum", "union"):
                    impls = self.impls(tdoc, titem["inner"][kind_of(titem["inner"])], path, out)
            out[path] = Item("type_alias", self.generics(doc, v.get("generics")) + " = " + self.ty(doc, t), impls)
        elif k in ("constant", "static"):
            ty = v.get("type")
            out[path] = Item(k, self.ty(doc, ty) if ty is not None else None)
        elif k == "trait":
            # A trait's "impls" are the types it is implemented for (`for u64`): code may rely on
            # `keccak_p::<u64>` as on a method.
            fors = set()
            for iid in v.get("implementations", []):
                imp = doc.index.get(str(iid))
                if imp and imp["inner"]["impl"].get("blanket_impl") is None:
                    fors.add("for " + self.ty(doc, imp["inner"]["impl"]["for"]))
            out[path] = Item("trait", "trait" + self.generics(doc, v.get("generics")), fors)
            self.assoc_items(doc, v.get("items", []), path, out, trait=True)
        else:
            out[path] = Item(k)

    def assoc_items(self, doc: Doc, ids, path: str, out: dict, trait: bool):
        for iid in ids:
            it = doc.index.get(str(iid))
            if it is None or (not trait and it.get("visibility") != "public"):
                continue
            ik = kind_of(it["inner"])
            iv = it["inner"][next(iter(it["inner"]))]
            name = f"{path}::{it['name']}"
            if ik == "function":
                out.setdefault(name, Item("method", self.function(doc, iv)))
            elif ik == "assoc_const":
                ty = iv.get("type")
                out.setdefault(name, Item("assoc_const", self.ty(doc, ty) if ty else None))
            elif ik == "assoc_type":
                out.setdefault(name, Item("assoc_type"))

    def impls(self, doc: Doc, v: dict, path: str, out: dict) -> set:
        """Trait impls of a type (blanket impls left out), and its inherent methods into `out`."""
        found = set()
        for iid in v.get("impls", []):
            imp = doc.index.get(str(iid))
            if imp is None:
                continue
            im = imp["inner"]["impl"]
            if im.get("blanket_impl") is not None:
                continue
            if im.get("trait") is None:
                self.assoc_items(doc, im.get("items", []), path, out, trait=False)
                continue
            name = self.path_text(doc, im["trait"], trait=True)
            short = name.split("<")[0].split("::")[-1]
            if short in NIGHTLY_AUTO:
                continue
            if short in AUTO_TRAITS:
                name = short
            found.add(("!" if im.get("is_negative", im.get("negative")) else "") + name)
        return found


def load_model(main: Path, extra: list, family_names: set) -> dict:
    docs = Docs(Doc(main), [Doc(p) for p in extra], family_names)
    return docs.model()
