#!/bin/bash
# A scenario's special rules in print: the scenario sheet states every rule
# of tests/golden/valid/sr-01-every-special-rule.xml (one of each kind) in
# plain words in en, nl and fr, with its hexes and its units by their map
# names; a scenario without special rules has no such section.  The
# legends of the overview, the poster and the sheet explain each mark the
# map shows (ford, exit, no move may end here, sudden death, the ring's
# colours) and no other (no "no entry": the golden scenario has none).
# The scenario card (scenario-card.pdf, in the print set of hex
# scenarios only) is one landscape page of the paper's true size that
# states the same rules and lists the unit types and terrains the
# scenario uses, and no other (fredericksburg has no cavalry; the golden
# scenario's terrain is clear, stream and river only); a scenario without
# special rules says it has none.  Every PDF passes qpdf --check.
#
#   run-special-rules.sh ORBAT_BINARY SOURCE_ROOT
#
# Ends with "special-rules: N passed, M failed"; exit 77 (skipped)
# without poppler-utils or qpdf.
set -u
. "$(dirname -- "$0")/pdf-lib.sh"
check_begin special-rules "pdftotext pdfinfo qpdf xmllint" "$@"
scenario=$ROOT/tests/golden/valid/sr-01-every-special-rule.xml
sid=every-special-rule

# has PDF-TEXT SENTENCE: the sentence is in the text, whatever the line
# breaks and spaces.
has() {
	local text want
	text=$(squeeze <<< "$1")
	want=$(squeeze <<< "$2")
	[[ "$text" == *"$want"* ]]
}

declare -A sheet_rules
sheet_rules[en]="Special rules
Both sides: river hexes may be entered only at the ford F5; all others are impassable.
Union: stream hexes may be entered only at the ford H5; all others are impassable.
Union: units may pass through K4 and L4 but may not end a move there.
Confederacy: Infantry 2 (I·2) and Cavalry 1 (C·1) may neither move nor battle until turn 3 of their side or until an enemy unit is 2 hexes or nearer to one of them, whichever comes first; they defend and retreat as usual.
Union: reinforcements Infantry 3 (I·3) on A9 and Cavalry 1 (C·1) on B9 arrive at the start of their side’s turn from turn 4 on or once the Union side has won 2 victory flags, whichever comes first.
Union: holding G3 with one of its units at the start of its own turn wins the game at once.
Confederacy: a unit may leave the board from M9; it leaves the game and scores 2 victory flags for its side.
The game ends when each side has played 12 turns; the side then holding more objectives wins, equal counts are a draw.
Confederacy: a hand of 5 cards (+1 in this scenario).
Union: no ground gain after a won close combat.
Union: units of type Artillery battle with –1 dice (at least one)."
sheet_rules[nl]="Bijzondere regels
Beide partijen: hexen met rivier mogen alleen bij de doorwaadbare plaats F5 worden betreden; alle andere zijn onbegaanbaar.
Unie: hexen met waterloop mogen alleen bij de doorwaadbare plaats H5 worden betreden; alle andere zijn onbegaanbaar.
Unie: eenheden mogen door K4 en L4 trekken, maar er geen beweging beëindigen.
Confederatie: Infanterie 2 (I·2) en Cavalerie 1 (C·1) mogen niet bewegen en niet aanvallen tot beurt 3 van hun partij of tot een vijandelijke eenheid op 2 hexen of minder van een van hen staat, wat het eerst gebeurt; ze verdedigen zich en trekken terug zoals gewoonlijk.
Unie: versterkingen Infanterie 3 (I·3) op A9 en Cavalerie 1 (C·1) op B9 komen aan het begin van de beurt van hun partij op het bord vanaf beurt 4 of zodra de partij Unie 2 overwinningsvlaggen heeft behaald, wat het eerst gebeurt.
Unie: wie aan het begin van de eigen beurt G3 met een eigen eenheid bezet, wint meteen het spel.
Confederatie: een eenheid mag het bord verlaten via M9; ze verlaat het spel en levert haar partij 2 overwinningsvlaggen op.
Het spel eindigt als elke partij 12 beurten heeft gespeeld; de partij die dan meer doelen bezet wint, bij gelijke aantallen is het gelijkspel.
Confederatie: een hand van 5 kaarten (+1 in dit scenario).
Unie: geen terreinwinst na een gewonnen gevecht van dichtbij.
Unie: eenheden van het type Artillerie vallen aan met –1 dobbelstenen (minstens één)."
sheet_rules[fr]="Règles spéciales
Les deux camps : on n’entre dans les hexagones de rivière qu’au gué F5 ; tous les autres sont infranchissables.
Union : on n’entre dans les hexagones de ruisseau qu’au gué H5 ; tous les autres sont infranchissables.
Union : les unités peuvent traverser K4 et L4 mais pas y terminer un mouvement.
Confédération : Infanterie 2 (I·2) et Cavalerie 1 (C·1) ne peuvent ni se déplacer ni combattre jusqu’au tour 3 de leur camp ou jusqu’à ce qu’une unité ennemie soit à 2 hexagones ou moins de l’une d’elles, selon ce qui arrive en premier ; elles se défendent et retraitent normalement.
Union : les renforts Infanterie 3 (I·3) en A9 et Cavalerie 1 (C·1) en B9 entrent en jeu au début du tour de leur camp à partir du tour 4 ou dès que le camp Union a gagné 2 drapeaux de victoire, selon ce qui arrive en premier.
Union : tenir G3 avec une de ses unités au début de son propre tour fait gagner aussitôt la partie.
Confédération : une unité peut quitter le plateau par M9 ; elle sort du jeu et rapporte 2 drapeaux de victoire à son camp.
La partie s’arrête quand chaque camp a joué 12 tours ; le camp qui tient alors le plus d’objectifs gagne, à égalité la partie est nulle.
Confédération : une main de 5 cartes (+1 dans ce scénario).
Union : pas de gain de terrain après un combat rapproché gagné.
Union : les unités de type Artillerie combattent avec –1 dés (au moins un)."

declare -A legend_marks legend_absent
legend_marks[en]="Ford (special rule)
Exit hex: units may leave the board here
No move may end here
Sudden death: holding it wins
Ring of a mark: the side it binds (black: both)"
legend_marks[nl]="Doorwaadbare plaats (bijzondere regel)
Uitgang: eenheden mogen hier het bord verlaten
Hier mag geen beweging eindigen
Plotse dood: wie het bezet, wint
Rand van een teken: de partij waarvoor het geldt (zwart: beide)"
legend_marks[fr]="Gué (règle spéciale)
Sortie : les unités peuvent quitter le plateau ici
Aucun mouvement ne peut finir ici
Mort subite : le tenir fait gagner
Anneau d’un signe : le camp concerné (noir : les deux)"
legend_absent=([en]="No entry" [nl]="Verboden toegang" [fr]="Entrée interdite")

for lang in en nl fr; do
	"$ORBAT" render -q --lang "$lang" -o "$WORK/out" "$scenario" > "$WORK/log" 2>&1
	checked "render $sid in $lang" $? "$(cat "$WORK/log")"
	dir=$WORK/out/$sid/$lang
	text=$(text_of "$dir/scenario-sheet.pdf")
	while IFS= read -r rule; do
		has "$text" "$rule"
		checked "$lang scenario sheet: $rule" $? "$(head -c 600 <<< "$text")"
	done <<< "${sheet_rules[$lang]}"
	text=$(text_of "$dir/scenario-card.pdf")
	while IFS= read -r rule; do
		has "$text" "$rule"
		checked "$lang scenario card: $rule" $? "$(head -c 600 <<< "$text")"
	done <<< "${sheet_rules[$lang]}"
	[ "$(npages "$dir/scenario-card.pdf")" = 1 ]
	checked "$lang scenario card: one page" $? "$(npages "$dir/scenario-card.pdf") pages"
	# The ruleset's terrain, each on the card only if the map has it.
	rs=$ROOT/data/rulesets/battlecry-1999.xml
	for id in $(xmllint --xpath "//*[local-name()='terrain']/@id" "$rs" | grep -o '"[^"]*"' | tr -d '"'); do
		name=$(xmllint --xpath "string(//*[local-name()='terrain'][@id='$id']/*[local-name()='name'][@xml:lang='$lang'])" "$rs")
		case $id in clear | stream | river) want=1 ;; *) want=0 ;; esac
		got=0
		has "$text" "$name" && got=1
		[ "$got" = "$want" ]
		st=$?
		verdict "$lang scenario card: terrain $name $([ $want = 1 ] && echo listed || echo left out)" "" $st
	done
	for product in map-overview map-poster scenario-sheet; do
		text=$(text_of "$dir/$product.pdf")
		while IFS= read -r entry; do
			has "$text" "$entry"
			verdict "$lang $product legend: $entry" "" $?
		done <<< "${legend_marks[$lang]}"
		! has "$text" "${legend_absent[$lang]}"
		verdict "$lang $product legend: no '${legend_absent[$lang]}' (no such mark on the map)" "" $?
	done
	for pdf in "$dir"/*.pdf; do
		out=$(qpdf --check "$pdf" 2>&1)
		checked "$lang ${pdf##*/}: qpdf --check clean" $? "$out"
	done
done

# The card's page is the paper's, landscape, at true size.
for paper in a4 letter; do
	"$ORBAT" render -q --lang en --paper "$paper" -o "$WORK/$paper" "$scenario" > "$WORK/log" 2>&1
	checked "render $sid on $paper" $? "$(cat "$WORK/log")"
	want=$([ "$paper" = a4 ] && echo "841.89 595.276" || echo "792 612")
	got=$(page_boxes "$WORK/$paper/$sid/en/scenario-card.pdf" | head -1 | awk '{ print $1, $2 }')
	near "${got% *}" "${want% *}" 0.01 && near "${got#* }" "${want#* }" 0.01
	verdict "scenario card on $paper: $want pt (landscape)" "got $got" $?
done

# The print set lists the card: of a hex scenario, not of a square one.
"$ORBAT" render --lang en -o "$WORK/sets" "$ROOT/scenarios/fredericksburg.xml" "$ROOT/scenarios/mb-1861.xml" \
	> "$WORK/list" 2>&1
checked "render fredericksburg and mb-1861" $? "$(cat "$WORK/list")"
grep -q "fredericksburg/en/scenario-card.pdf" "$WORK/list"
checked "the print set lists fredericksburg/en/scenario-card.pdf" $? "$(cat "$WORK/list")"
! grep -q "mb-1861/en/scenario-card.pdf" "$WORK/list"
checked "a square scenario's print set has no scenario card" $? "$(cat "$WORK/list")"
text=$(text_of "$WORK/sets/fredericksburg/en/scenario-card.pdf")
has "$text" "This scenario has no special rules"
checked "fredericksburg's card: it has no special rules" $? "$(head -c 400 <<< "$text")"
has "$text" "Infantry" && has "$text" "Artillery" && ! has "$text" "Cavalry"
checked "fredericksburg's card: infantry and artillery, no cavalry (it has none)" $? "$(head -c 600 <<< "$text")"
out=$(qpdf --check "$WORK/sets/fredericksburg/en/scenario-card.pdf" 2>&1)
verdict "fredericksburg's card: qpdf --check clean" "$out" $?

# A scenario without special rules says nothing of them.
"$ORBAT" render -q --lang en -o "$WORK/plain" "$ROOT/scenarios/shiloh.xml" > "$WORK/log" 2>&1
checked "render shiloh in en" $? "$(cat "$WORK/log")"
! text_of "$WORK/plain/shiloh/en/scenario-sheet.pdf" | grep -q "Special rules"
verdict "shiloh (no special rules): its sheet has no special rules section" "" $?
! text_of "$WORK/plain/shiloh/en/map-overview.pdf" | grep -q "special rule"
verdict "shiloh (no special rules): its overview's legend has no special-rule mark" "" $?

echo "special-rules: $PASSED passed, $FAILED failed"
[ "$FAILED" -eq 0 ]
