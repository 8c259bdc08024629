#!/usr/bin/python3
"""Independent laser figures for a DXF file, computed with ezdxf (reference for lib/laser tests).

Usage: /usr/bin/python3 tools/ezdxf-reference.py FILE.dxf [--non-cut DIM,TEXT,...] [--tol 0.01]
Prints JSON: cut_length_mm, pierce_count, bbox_mm {x, y}, units_to_mm.

Method, kept deliberately different from ours: ezdxf explodes INSERTs (only
those: DIMENSIONs and the like are not cut) with its virtual_entities(), splits polylines into lines and arcs (OCS, bulges) and evaluates ellipses and NURBS: lines and arcs have exact lengths (r·θ), ellipses and
splines are flattened by ezdxf to 1e-4 drawing units and summed; the extent is
the box of all flattened vertices; and pierces are connected components of
pieces whose endpoints meet within the tolerance. Exact duplicate pieces and
overlapping collinear lines (within the tolerance, whatever their direction) are
counted once, as a laser shop would.

What a shop does not cut (docs/laser.md), with ezdxf's own tables: INSERTs of a
table's block (*T<n>) or of an anonymous block holding POINTs on DEFPOINTS (a
dimension's drawing); entities on
layers matching --non-cut; entities whose linetype (own, BYLAYER → the layer's,
BYBLOCK → the INSERT's) has dashes in the LTYPE table (a name the table lacks is
dashed unless CONTINUOUS); and open pieces that only annotate a part: connected
components with an odd-degree junction that touch no closed component's edge and
start outside the material, inside a hole or within a part outline's box
(a component joined through overlapping lines counts as open, as after our merge).
Containment is an even-odd ray cast over each closed component's edge soup.
"""
import argparse
import json
import math
import re
import sys

import ezdxf

CUT_TYPES = {"LINE", "ARC", "CIRCLE", "LWPOLYLINE", "POLYLINE", "SPLINE", "ELLIPSE"}
UNITS_TO_MM = {1: 25.4, 2: 304.8, 4: 1.0, 5: 10.0, 6: 1000.0, 10: 914.4, 14: 100.0}
FLATTEN = 1e-4


def pieces_of(e):
    """(start, end, length, vertices) per cut primitive: lines and circular arcs with
    exact lengths, ellipses and splines by ezdxf's own flattening (points on the curve)."""
    t = e.dxftype()
    if t == "LINE":
        s, f = e.dxf.start, e.dxf.end
        return [(s, f, math.hypot(f.x - s.x, f.y - s.y), [s, f])]
    if t in ("ARC", "CIRCLE"):
        verts = list(e.flattening(FLATTEN))
        if t == "CIRCLE":
            span = 360.0
        else:
            span = (e.dxf.end_angle - e.dxf.start_angle) % 360 or 360
        return [(verts[0], verts[-1], math.radians(span) * e.dxf.radius, verts)]
    if t in ("ELLIPSE", "SPLINE"):
        verts = list(e.flattening(FLATTEN))
        return [(verts[0], verts[-1], sum(math.hypot(b.x - a.x, b.y - a.y) for a, b in zip(verts, verts[1:])), verts)]
    out = []  # polylines: ezdxf splits them into LINE/ARC (bulges) with OCS applied
    for v in e.virtual_entities():
        out.extend(pieces_of(v))
    return out


def linetype_of(doc, e, layer, block_linetype):
    name = (e.dxf.get("linetype") or "BYLAYER").upper()
    if name == "BYLAYER":
        return doc.layers.get(layer).dxf.linetype.upper() if layer in doc.layers else "CONTINUOUS"
    return block_linetype if name == "BYBLOCK" else name


def dashed(doc, linetype):
    if linetype in ("CONTINUOUS", "BYLAYER", "BYBLOCK", ""):
        return False
    if linetype not in doc.linetypes:
        return True
    return any(t.code == 73 and t.value > 0 for t in doc.linetypes.get(linetype).pattern_tags.tags)


def explode(doc, entities, parent_layer=None, block_linetype="CONTINUOUS", depth=0):
    """(entity, layer, linetype) triples; entities on layer 0 inside a block take the INSERT's layer."""
    for e in entities:
        layer = parent_layer if parent_layer is not None and e.dxf.layer == "0" else e.dxf.layer
        linetype = linetype_of(doc, e, layer, block_linetype)
        if e.dxftype() == "INSERT" and re.fullmatch(r"\*T\d+", e.dxf.name, re.I):
            continue  # a table's anonymous block (what R14 keeps of an ACAD_TABLE): never cut
        if e.dxftype() == "INSERT" and e.dxf.name.startswith("*") and any(
            p.dxftype() == "POINT" and p.dxf.layer.upper() == "DEFPOINTS" for p in doc.blocks.get(e.dxf.name) or []
        ):
            continue  # a dimension's anonymous block (definition points on DEFPOINTS): never cut
        if e.dxftype() == "INSERT" and depth < 32:
            # multi_insert() copies the INSERT, which fails on some extension data: only for real arrays.
            for cell in e.multi_insert() if e.mcount > 1 else [e]:
                yield from explode(doc, cell.virtual_entities(), layer, linetype, depth + 1)
        else:
            yield e, layer, linetype


def declared_insunits(filename):
    """ezdxf fills absent header variables with its own defaults: read what the file says."""
    with open(filename, encoding="utf-8", errors="replace") as f:
        m = re.search(r"\$INSUNITS\s*\n\s*70\s*\n\s*(\d+)", f.read())
    return int(m.group(1)) if m else 0


def annotation_components(pieces, piece_nodes, find, overlapped):
    """Roots of the open components that only annotate a part (see the module docstring).
    A component joined through overlapping lines is open: the overlap leaves T-junctions."""
    degree = {}
    members = {}
    for k, (na, nb) in enumerate(piece_nodes):
        degree[na] = degree.get(na, 0) + 1
        degree[nb] = degree.get(nb, 0) + 1
        members.setdefault(find(na), []).append(k)
    comps = {}
    for root, ks in members.items():
        edges = [(a, b) for k in ks for a, b in zip(pieces[k][3], pieces[k][3][1:])]
        xs = [v.x for a, b in edges for v in (a, b)]
        ys = [v.y for a, b in edges for v in (a, b)]
        closed = root not in overlapped and all(degree[n] % 2 == 0 for k in ks for n in piece_nodes[k])
        comps[root] = (closed, edges, (min(xs), min(ys), max(xs), max(ys)), pieces[ks[0]][0])
    shut = [r for r, c in comps.items() if c[0]]

    def inside(root, p):
        return sum(1 for a, b in comps[root][1] if (a.y > p.y) != (b.y > p.y) and p.x < (b.x - a.x) * (p.y - a.y) / (b.y - a.y) + a.x) % 2 == 1

    def box_in(inner, outer):
        return outer[0] <= inner[0] and outer[1] <= inner[1] and outer[2] >= inner[2] and outer[3] >= inner[3]

    def overlaps(u, v):
        return u[0] <= v[2] and v[0] <= u[2] and u[1] <= v[3] and v[1] <= u[3]

    def orient(a, b, c):
        return (b.x - a.x) * (c.y - a.y) - (b.y - a.y) * (c.x - a.x)

    def meet(a, b, c, d):
        if not overlaps((min(a.x, b.x), min(a.y, b.y), max(a.x, b.x), max(a.y, b.y)), (min(c.x, d.x), min(c.y, d.y), max(c.x, d.x), max(c.y, d.y))):
            return False
        return orient(a, b, c) * orient(a, b, d) <= 0 and orient(c, d, a) * orient(c, d, b) <= 0

    depth = {r: sum(1 for o in shut if o != r and box_in(comps[r][2], comps[o][2]) and inside(o, comps[r][3])) for r in shut}
    out = set()
    for root, (closed, edges, box, start) in comps.items():
        if closed or not shut:
            continue
        near = [o for o in shut if overlaps(box, comps[o][2])]
        d = sum(1 for o in near if inside(o, start))
        beside = any(depth[o] % 2 == 0 and box_in(box, comps[o][2]) for o in near)
        if d % 2 == 1 or (d == 0 and not beside):
            continue
        if any(meet(a, b, c, e) for o in near for c, e in comps[o][1] for a, b in edges):
            continue
        out.add(root)
    return out


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("file")
    # The same list as DEFAULT_NON_CUT_LAYER_PATTERNS (lib/laser/non-cut-rules.ts).
    ap.add_argument(
        "--non-cut",
        default="DIM,TEXT,ANNO,BEND,TITLE,BORDER,DEFPOINTS,CENTER,CENTRE,HIDDEN,PHANTOM,HATCH,"
        "UKURAN,TEKS,KETERANGAN,SUMBU,TERSEMBUNYI,ARSIR,BANTU,TEKUK",
    )
    ap.add_argument("--tol", type=float, default=0.01)
    args = ap.parse_args()
    patterns = [p.upper() for p in args.non_cut.split(",") if p]

    doc = ezdxf.readfile(args.file)
    scale = UNITS_TO_MM.get(declared_insunits(args.file), 1.0)
    tol = args.tol / scale

    pieces = []
    for e, layer, linetype in explode(doc, doc.modelspace()):
        if e.dxftype() not in CUT_TYPES:
            continue
        if e.dxftype() == "POLYLINE" and (e.is_polygon_mesh or e.is_poly_face_mesh):
            continue
        if any(p in layer.upper() for p in patterns) or dashed(doc, linetype):
            continue
        pieces.extend(pieces_of(e))

    # A laser cuts in the XY plane: lengths are of the plan view; dots are not cut.
    pieces = [p for p in pieces if p[2] > 1e-9]
    # Exact duplicates (same ends either way, same length) are cut once.
    seen = set()
    unique = []
    for s, e, length, verts in pieces:
        a = (round(s.x / tol), round(s.y / tol))
        b = (round(e.x / tol), round(e.y / tol))
        key = (min(a, b), max(a, b), round(length / tol))
        if key in seen:
            continue
        seen.add(key)
        unique.append((s, e, length, verts))

    # Union-find on endpoints snapped to a tol grid, looking into neighbouring cells.
    parent = {}

    def find(x):
        while parent[x] != x:
            parent[x] = parent[parent[x]]
            x = parent[x]
        return x

    grid = {}

    def node(v):
        ix, iy = math.floor(v.x / tol), math.floor(v.y / tol)
        for dx in (-1, 0, 1):
            for dy in (-1, 0, 1):
                for nid, (x, y) in grid.get((ix + dx, iy + dy), []):
                    if math.hypot(x - v.x, y - v.y) <= tol:
                        return nid
        nid = len(parent)
        parent[nid] = nid
        grid.setdefault((ix, iy), []).append((nid, (v.x, v.y)))
        return nid

    ends = []
    piece_nodes = []
    for s, e, _, _ in unique:
        na, nb = node(s), node(e)
        piece_nodes.append((na, nb))
        a, b = find(na), find(nb)
        parent[a] = b
        ends.append(a)

    # Straight pieces lying on one line and overlapping are one cut: count the union
    # of their spans, and join them into one contour.
    overlaps = []
    half_turn = round(math.pi * 1e6)
    lines = {}
    for k, (s, e, length, verts) in enumerate(unique):
        if len(verts) != 2:
            continue
        theta = math.atan2(e.y - s.y, e.x - s.x) % math.pi
        if round(theta * 1e6) >= half_turn:
            theta -= math.pi
        ux, uy = math.cos(theta), math.sin(theta)
        w = ux * s.y - uy * s.x
        lines.setdefault((round(theta * 1e6), round(w / tol)), []).append(k)

    # Copies of one line a hair apart can round into neighbouring buckets: join buckets whose
    # lines coincide within tol (near theta = pi the neighbour is theta = 0 with w negated).
    def same_line(i, j):
        (a, b, _, _), (c, d, _, _) = unique[i], unique[j]
        length = math.hypot(b.x - a.x, b.y - a.y)
        off = lambda p: abs((p.x - a.x) * (b.y - a.y) - (p.y - a.y) * (b.x - a.x)) / length
        return length > 0 and off(c) <= tol and off(d) <= tol

    owner = {key: key for key in lines}

    def root(key):
        while owner[key] != key:
            owner[key] = owner[owner[key]]
            key = owner[key]
        return key

    for (a, b) in list(lines):
        for da in (-1, 0, 1):
            for db in (-1, 0, 1):
                na, nb = a + da, b + db
                if na < 0 or na >= half_turn:
                    na, nb = na % half_turn, -b + db
                if (na, nb) in lines and (na, nb) != (a, b) and same_line(lines[(a, b)][0], lines[(na, nb)][0]):
                    owner[root((na, nb))] = root((a, b))
    unions = {}
    for key, members in lines.items():
        unions.setdefault(root(key), []).extend(members)

    for members in unions.values():
        s0, e0, _, _ = unique[members[0]]
        length0 = math.hypot(e0.x - s0.x, e0.y - s0.y)
        ux, uy = (e0.x - s0.x) / length0, (e0.y - s0.y) / length0
        group = sorted(tuple(sorted((ux * unique[k][0].x + uy * unique[k][0].y, ux * unique[k][1].x + uy * unique[k][1].y))) + (k,) for k in members)
        reach, first = group[0][1], group[0][2]
        for lo, hi, k in group[1:]:
            if lo < reach - tol:
                overlaps.append((k, min(reach, hi) - lo))
                parent[find(ends[k])] = find(ends[first])
            reach = max(reach, hi)
            first = k if hi >= reach else first

    left_out = annotation_components(unique, piece_nodes, find, {find(ends[k]) for k, _ in overlaps})
    pierces = len({find(n) for n in parent} - left_out)
    overlap = sum(amount for k, amount in overlaps if find(ends[k]) not in left_out)
    kept = [p for p, (na, _) in zip(unique, piece_nodes) if find(na) not in left_out]

    xs = [v.x for *_, verts in kept for v in verts]
    ys = [v.y for *_, verts in kept for v in verts]
    result = {
        "cut_length_mm": (sum(length for _, _, length, _ in kept) - overlap) * scale,
        "pierce_count": pierces,
        "bbox_mm": {"x": (max(xs) - min(xs)) * scale if xs else 0, "y": (max(ys) - min(ys)) * scale if ys else 0},
        "units_to_mm": scale,
    }
    json.dump(result, sys.stdout)


if __name__ == "__main__":
    main()
