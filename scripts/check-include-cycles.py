#!/usr/bin/env python3
"""No include circle between the modules of src/ (issue-level rule of the
house): a module is a .c file with its .h, and a private header NAME_impl.h
belongs to NAME.  Prints every circle found (the modules in it) and exits
1; exits 0 when there is none.  With folder arguments, only modules under
them count (the default is every folder of src/)."""
import os
import re
import sys

root = os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', 'src')
os.chdir(root)
folders = sys.argv[1:] or ['.']


def module(path):
    name = os.path.splitext(os.path.normpath(path))[0]
    return name[:-len('_impl')] if name.endswith('_impl') else name


edges = {}
for folder in folders:
    for here, _, names in os.walk(folder):
        for name in names:
            if not name.endswith(('.c', '.h')):
                continue
            path = os.path.join(here, name)
            with open(path, encoding='utf-8') as f:
                text = f.read()
            for inc in re.findall(r'^#include "([^"]+)"', text, re.M):
                target = os.path.normpath(os.path.join(here, inc))
                if os.path.exists(target) and module(target) != module(path):
                    edges.setdefault(module(path), set()).add(module(target))

# Tarjan's strongly connected components, iteratively.
index, low, on_stack, stack, circles = {}, {}, set(), [], []
counter = 0
for start in sorted(edges):
    if start in index:
        continue
    work = [(start, iter(sorted(edges.get(start, ()))))]
    index[start] = low[start] = counter
    counter += 1
    stack.append(start)
    on_stack.add(start)
    while work:
        node, children = work[-1]
        child = next(children, None)
        if child is not None:
            if child not in index:
                index[child] = low[child] = counter
                counter += 1
                stack.append(child)
                on_stack.add(child)
                work.append((child, iter(sorted(edges.get(child, ())))))
            elif child in on_stack:
                low[node] = min(low[node], index[child])
            continue
        work.pop()
        if work:
            low[work[-1][0]] = min(low[work[-1][0]], low[node])
        if low[node] == index[node]:
            part = []
            while True:
                member = stack.pop()
                on_stack.discard(member)
                part.append(member)
                if member == node:
                    break
            if len(part) > 1:
                circles.append(sorted(part))

for circle in circles:
    print('check-include-cycles: these include each other: ' + ', '.join('src/' + m for m in circle),
          file=sys.stderr)
sys.exit(1 if circles else 0)
