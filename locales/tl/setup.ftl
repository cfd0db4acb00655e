# Mga pangalan ng laro, ang form ng bagong kuwarto, ang mga patakaran ng
# kuwarto (pangalan, paliwanag, pagpipilian), ang kalagayan ng kuwarto at
# ang buod ng patakaran sa lobby.

game-shogi = shogi
game-shogi4 = shogi para sa apat
game-chess4 = chess para sa apat
## Maiikling pangalan para sa hanay sa lobby (hanggang 7 titik).
game-short-shogi = shogi
game-short-shogi4 = shogi4
game-short-chess4 = chess4

setup-title = Gumawa ng kuwarto
setup-game = laro
setup-game-about = ang larong nilalaro sa kuwartong ito
setup-rule-about = { $about } (default: { $default })
setup-room = kuwarto
setup-public = publiko (nasa lobby)
setup-private = pribado (code lang)
setup-rating = rating
setup-ranked = ranked
setup-casual = kaswal
setup-time = oras
setup-time-about = kapag naubos ang oras, CPU ang titira
setup-away = kung umalis
setup-away-default = default ({ $policy })
setup-away-about = kapag may umalis: pagkaraan ng palugit, CPU ang titira para sa kanya, o maghihintay ang laro (default: maghintay sa pribadong kuwarto ng shogi)
setup-mode = mode
setup-mode-about = sino ang maglalaro sa ibang upuan
setup-cpu = antas ng CPU
setup-cpu-about = lakas ng CPU, 1 (baguhan) hanggang 5 (pinakamalakas)
setup-create = Gumawa ng kuwarto

time-none = wala
time-seconds = { $seconds } segundo

away-cpu = CPU ang titira
away-wait = maghintay

mode-online = online (sasali ang iba)
mode-vs-computer = laban sa CPU
mode-same-device = iisang device

state-waiting = bukas
state-playing = naglalaro
state-finished = tapos na

choice-on = naka-on
choice-off = naka-off
choice-none = wala
choice-count = { $count }

rule-declaration = deklarasyon
rule-declaration-about = deklarasyon ng pagpasok ng hari (tuntuning 27 puntos)
rule-move-limit = limitasyon ng tira
rule-move-limit-about-shogi = kabuuang tira na kapag naabot ay tabla ang laro
rule-impasse = impasse
rule-impasse-about = bilang na 24 puntos (jishogi) kapag parehong hari ay nasa teritoryo ng kalaban
rule-handicap = lamang
rule-handicap-about = mga piyesang inaalis ng mas mahusay na manlalaro (gote)
rule-handicap-none = wala
rule-handicap-lance = lance
rule-handicap-bishop = bishop
rule-handicap-rook = rook
rule-handicap-rook-lance = rook at lance
rule-handicap-2-piece = 2 piyesa
rule-handicap-4-piece = 4 piyesa
rule-handicap-6-piece = 6 piyesa
rule-swap-sides = palitan ang panig
rule-swap-sides-about = nagpapalitan ng sente at gote pagkatapos ng bawat laro

rule-format = pormat
rule-format-about = isahan, o pares ng magkatapat (tapos ang laro sa unang mate)
rule-format-individual = isahan
rule-format-pairs = pares
rule-ending = pagtatapos
rule-ending-about = sa isahan, tapusin sa dalawang na-checkmate o ituloy hanggang huling manlalaro
rule-ending-two-mates = dalawang mate
rule-ending-last-player = huling manlalaro
rule-mated-pieces = piyesa ng natanggal
rule-mated-pieces-about = ibigay sa nag-checkmate ang piyesa ng natanggal, o iwang walang may-ari
rule-mated-pieces-to-mater = sa nag-checkmate
rule-mated-pieces-ownerless = walang may-ari
rule-move-limit-about-shogi4 = kabuuang galaw ng apat na kapag naabot ay tapos ang laro (ranggo sa mate, saka piyesa)

rule-type = uri ng laro
rule-type-about = koponan (Pula at Dilaw laban sa Asul at Berde), o indibidwal sa puntos
rule-type-teams = koponan
rule-type-ffa = indibidwal
rule-move-limit-about-chess4 = kabuuang tira ng apat na kapag naabot ay tapos ang laro (koponan: tabla; indibidwal: ranggo sa puntos)

rule-show-legal-moves = ipakita ang legal na galaw
rule-show-legal-moves-about = markahan ang puwedeng puntahan ng piniling piyesa
rule-rotate-first-player = palitan ang unang manlalaro
rule-rotate-first-player-about = sa bawat bagong laro, lilipat ang unang turno ng isang upuan paikot sa oras

summary-standard = karaniwang patakaran
summary-rule = { $rule }: { $value }
summary-rules = { $first }, { $rest }
summary-parts = { $first } · { $rest }
summary-ranked = ranked
summary-time = { $seconds } seg/turno
clock-byoyomi = { $minutes ->
        [0] {""}
       *[other] { $minutes } min +{" "}
    }{ $seconds } s byoyomi
clock-periods = { $minutes ->
        [0] {""}
       *[other] { $minutes } min +{" "}
    }{ $periods } × { $seconds } s byoyomi
clock-increment = { $minutes } min + { $seconds } s bawat galaw
clock-sudden-death = { $minutes } min
status-lost-on-time = Natalo si { $name } sa oras.
setup-clock-about = pangunahing oras, saka byoyomi: bawat galaw sa loob ng yugto
setup-main-time = pangunahing oras
setup-byoyomi = byoyomi
setup-periods = yugto
setup-increment = dagdag
setup-on-time = naubos ang oras
setup-on-time-about = sa kaswal na laro, maaaring CPU ang tumira
on-time-lose = talo
on-time-cpu = CPU ang titira
clock-minutes = { $minutes } min
clock-count = { $count }
