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


def explode(entities, parent_layer=None, depth=0):
    """(entity, layer) pairs; entities on layer 0 inside a block take the INSERT's layer."""
    for e in entities:
        layer = parent_layer if parent_layer is not None and e.dxf.layer == "0" else e.dxf.layer
        if e.dxftype() == "INSERT" and depth < 32:
            # multi_insert() copies the INSERT, which fails on some extension data: only for real arrays.
            for cell in e.multi_insert() if e.mcount > 1 else [e]:
                yield from explode(cell.virtual_entities(), layer, depth + 1)
        else:
            yield e, layer


def declared_insunits(filename):
    """ezdxf fills absent header variables with its own defaults: read what the file says."""
    with open(filename, encoding="utf-8", errors="replace") as f:
        m = re.search(r"\$INSUNITS\s*\n\s*70\s*\n\s*(\d+)", f.read())
    return int(m.group(1)) if m else 0


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("file")
    ap.add_argument("--non-cut", default="DIM,TEXT,ANNO,BEND,TITLE,BORDER,DEFPOINTS")
    ap.add_argument("--tol", type=float, default=0.01)
    args = ap.parse_args()
    patterns = [p.upper() for p in args.non_cut.split(",") if p]

    doc = ezdxf.readfile(args.file)
    scale = UNITS_TO_MM.get(declared_insunits(args.file), 1.0)
    tol = args.tol / scale

    pieces = []
    for e, layer in explode(doc.modelspace()):
        if e.dxftype() not in CUT_TYPES:
            continue
        if e.dxftype() == "POLYLINE" and (e.is_polygon_mesh or e.is_poly_face_mesh):
            continue
        if any(p in layer.upper() for p in patterns):
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
    for s, e, _, _ in unique:
        a, b = find(node(s)), find(node(e))
        parent[a] = b
        ends.append(a)

    # Straight pieces lying on one line and overlapping are one cut: count the union
    # of their spans, and join them into one contour.
    overlap = 0.0
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
                overlap += min(reach, hi) - lo
                parent[find(ends[k])] = find(ends[first])
            reach = max(reach, hi)
            first = k if hi >= reach else first

    pierces = len({find(n) for n in parent})

    xs = [v.x for *_, verts in unique for v in verts]
    ys = [v.y for *_, verts in unique for v in verts]
    result = {
        "cut_length_mm": (sum(length for _, _, length, _ in unique) - overlap) * scale,
        "pierce_count": pierces,
        "bbox_mm": {"x": (max(xs) - min(xs)) * scale if xs else 0, "y": (max(ys) - min(ys)) * scale if ys else 0},
        "units_to_mm": scale,
    }
    json.dump(result, sys.stdout)


if __name__ == "__main__":
    main()
