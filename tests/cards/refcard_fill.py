# The filled share of each page of a reference card: per column, how far
# down its words reach (pdftotext -bbox) between the first heading and the
# bottom margin (8 mm, layouts/cards.xml), as a share of that height; the
# page's share is the mean of its two columns.  Prints "page left right mean".
import re, subprocess, sys
pdf = sys.argv[1]
xml = subprocess.run(["pdftotext", "-bbox", pdf, "-"], capture_output=True, text=True).stdout
pages = xml.split("<page ")[1:]
for n, page in enumerate(pages, 1):
    ph = float(re.search(r'height="([\d.]+)"', page).group(1))
    words = [tuple(map(float, m)) for m in re.findall(r'xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)"', page)]
    body = [w for w in words if w[1] > 13 * 72 / 25.4 + 8]       # below the title band
    top = min(w[1] for w in body)
    first = [w for w in body if abs(w[1] - top) < 2]
    split = max(w[0] for w in first) - 14
    bottom = ph - 8 * 72 / 25.4 if len(sys.argv) < 3 else ph - float(sys.argv[2]) * 72 / 25.4
    shares = []
    for col in ([w for w in body if w[0] < split], [w for w in body if w[0] >= split]):
        shares.append((max(w[3] for w in col) - top) / (bottom - top))
    print(f"{n} {shares[0]:.2f} {shares[1]:.2f} {sum(shares) / 2:.2f}")
