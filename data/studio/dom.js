// The page's one way to build an element: a tag, its properties
// (`dataset` and `className` set as such, the others as attributes) and
// its children, for the panels that build their lists in code.
export function el(tag, props = {}, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(props)) {
    if (k === 'dataset')
      Object.assign(node.dataset, v);
    else if (k === 'className')
      node.className = v;
    else
      node.setAttribute(k, v);
  }
  node.append(...children);
  return node;
}
