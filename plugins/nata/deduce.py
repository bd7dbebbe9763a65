"""纳塔's information-state player (`bansha simulate --agent deduce`): engine/agents/village.py's VillageMind
with this game's skills and phases. It knows what its seat was told — its role PM (the 群内 wolves know the
pack, 狼兄 and 狼弟 each other, a 变脸者 his three cards), the pool, its 通灵/凭依 results (the target's
surface role), the pack's kill choices, the published departures and 翻牌, every public post — never the deal.

The checkers are 通灵师 and 凭依灵 (and the 养殖者's bought 通灵): a surface role of the wolves' side counts
as a found wolf. Skills that need words get them from what the seat knows: a 变脸者 turns up one of his own
cards, 毒计 picks a status, a 野人 picks his state. The declarations (审讯) and shop purchases (精明) are left
alone, as a cautious beginner would; a seat out with the right to a 遗言 leaves its checks in it.
"""

from __future__ import annotations

from ..bansha.engine import Action, Event
from ..bansha.engine.agents.deduce import Say
from ..bansha.engine.agents.village import VillageMind
from ..bansha.engine.game.ruleset import LegalChoice
from .catalog import ROLES, TARGETED_NAMES
from .terms import NOON, VILLAGE

NEVER = frozenset({"withdraw", "shenxun", "jingming", "boost", "shenfeng", "qizha"})
CHECKS = frozenset({"tongling", "tongling_b", "pingyi"})
STATUS_WORDS = ("沉默", "遗忘", "迷魂", "流血")
VILLAGE_ROLES = tuple(r for r, role in ROLES.items() if role.faction == VILLAGE)


class NataMind(VillageMind):
    DAY_PHASES = frozenset({NOON})
    CHECKER_ROLES = frozenset({"通灵师", "凭依灵"})

    def __init__(self, seat, n, rng):
        super().__init__(seat, n, rng)
        self.cards: tuple[str, ...] = ()
        self.words_left = False
        self.quiet: tuple[int, ...] = ()  # today's [寡言] holders (published at noon)

    def learn_role(self, f: dict) -> None:
        super().learn_role(f)
        self.cards = tuple(f.get("cards", self.cards))

    def see(self, ev: Event) -> None:
        super().see(ev)
        f = dict(ev.data)
        for seat, wolf in f.get("known", ()):
            self.known[seat] = wolf
        if ev.tag == "phase" and f["phase"] != NOON:
            self.quiet = ()  # the list is published with the noon (its banner comes after it)
        if "quiet" in f:
            self.quiet = tuple(f["quiet"])
        if ev.audience.kind == "seat" and self.seat in f.get("out", ()):
            self.words_left = bool(f.get("words"))

    def talk(self) -> Say | None:
        if self.seat in self.quiet:
            return None  # 寡言: a post would cost it 沉默 and 遗忘 for good
        if not self.living:
            if self.words_left:
                self.words_left = False
                return self.claim(last_words=True)
            return None
        return super().talk()

    def act(self, choices: list[LegalChoice]) -> Action | Say | None:
        return super().act([c for c in choices if c.skill.key not in NEVER])

    def choose(self, choice: LegalChoice) -> Action | None:
        key = choice.skill.key
        if key in CHECKS:
            act = self.use_check(choice)
            return Action(key, act.targets, ("不链接",) if key == "pingyi" else ()) if act else None
        words = self.words_for(key)
        if words is None:
            return super().choose(choice)
        if not words:
            return None
        k = choice.skill.targets
        seats = self.rank(self.safe(choice))
        if k and len(seats) < k:
            return None
        return Action(key, tuple(seats[:k]), words)

    def words_for(self, key: str) -> tuple[str, ...] | None:
        """The words a wordy skill needs, from what this seat knows; None for a skill without words."""
        if key == "duji":
            return (self.rng.choice(STATUS_WORDS),)
        if key == "yexing":
            return (self.rng.choice(("跟随", "骑乘")),)
        if key == "howl":
            return tuple(self.rng.sample(list(TARGETED_NAMES), 2))
        if key in ("zhuangmo", "qiancang"):
            return (self.rng.choice(VILLAGE_ROLES), VILLAGE, "不带刀")  # pass for a village role
        if key == "bianlian":
            left = [c for c in self.cards if c not in self.used.get("bianlian_cards", ())]
            if not left:
                return ()
            pick = self.rng.choice(left)
            self.used.setdefault("bianlian_cards", []).append(pick)
            return (pick,)
        if key == "answer":
            return ("是",)
        return None


MIND = NataMind
