"""The class sheet (职业详述) of 酒馆圣杯: loaded from classes.toml and validated once at import.

001's class sheet was posted as images and is lost; classes.toml is a reconstruction a DM may edit
without touching code. Every mistake is reported with the class, the skill and the field, in Chinese
with the English field name, so a DM can fix the file from the message alone. What each skill's `effect`
may be, and which parameters it takes, is declared by the effects themselves (effects/, effect.py).
"""

from __future__ import annotations

import re
import tomllib
from pathlib import Path
from typing import Any

from .effects import EFFECTS
from .order import MOMENTS
from .spec import ClassSpec, SkillSpec
from .terms import (
    ACTIONS,
    CHECKS,
    CLAIM_KINDS,
    CLASS_NAMES,
    CONDITIONS,
    FACTIONS,
    KINDS,
    SAVES,
    TARGETS,
    TEXT_HP,
    TRAITS,
    Dice,
    IdRule,
    SheetError,
    parse_dice,
)

_SKILL_BASE = frozenset({"id", "name", "kind", "effect", "action", "target", "uses", "help", "aliases"})
_CLASS_KEYS = frozenset({"name", "traits", "hp", "ab", "armor", "dex", "damage", "blurb", "identify", "skill"})
RESERVED_IDS = frozenset({"number", "attack", "identify", "release"})
_RESERVED_NAMES = frozenset({"圣杯", "数字", "报数", "攻击", "近战", "指认", "放开"})


# --- validation ------------------------------------------------------------------------------


class _Where:
    def __init__(self, source: str, cls: str = "", skill: str = ""):
        self.source, self.cls, self.skill = source, cls, skill

    def fail(self, field: str, why: str, got: Any = None) -> SheetError:
        where = self.source
        if self.cls:
            where += f"：职业「{self.cls}」(class {self.cls})"
        if self.skill:
            where += f" 技能「{self.skill}」(skill {self.skill})"
        tail = f"，读到 {got!r}" if got is not None else ""
        return SheetError(f"{where} 字段 {field}：{why}{tail}")


def _int(w: _Where, d: dict, key: str, lo: int, hi: int, default: int | None = None, step: int = 1) -> int:
    if key not in d:
        if default is None:
            raise w.fail(key, f"缺少这个字段（需要 {lo} 到 {hi} 的整数）")
        return default
    v = d[key]
    if isinstance(v, bool) or not isinstance(v, int) or not lo <= v <= hi or v % step:
        extra = f"、{step} 的倍数" if step > 1 else ""
        raise w.fail(key, f"需要 {lo} 到 {hi} 之间的整数{extra}", v)
    return v


def _str(w: _Where, d: dict, key: str, choices: tuple[str, ...] | None = None, default: str | None = None) -> str:
    if key not in d:
        if default is None:
            raise w.fail(key, "缺少这个字段" + (f"（可选：{'、'.join(choices)}）" if choices else ""))
        return default
    v = d[key]
    if not isinstance(v, str) or not v.strip():
        raise w.fail(key, "需要一个非空的字符串", v)
    if choices is not None and v not in choices:
        raise w.fail(key, f"只能是 {'、'.join(choices)} 之一", v)
    return v.strip()


def _list(w: _Where, d: dict, key: str, choices: tuple[str, ...], *, required: bool) -> tuple[str, ...]:
    v = d.get(key, [])
    if not isinstance(v, list) or not all(isinstance(x, str) for x in v):
        raise w.fail(key, "需要一个字符串列表", v)
    if required and not v:
        raise w.fail(key, f"至少要有一个（可选：{'、'.join(choices)}）")
    for x in v:
        if x not in choices:
            raise w.fail(key, f"「{x}」不是可用的值（可选：{'、'.join(choices)}）")
    if len(set(v)) != len(v):
        raise w.fail(key, "有重复的值", v)
    return tuple(v)


def _dice(w: _Where, d: dict, key: str) -> Dice:
    dice = parse_dice(d.get(key))
    if dice is None:
        raise w.fail(key, "需要骰子写法，如 1d8、2d4+1 或固定值 3", d.get(key))
    return dice


def _identify(w: _Where, raw: Any) -> tuple[IdRule, ...]:
    if not isinstance(raw, list):
        raise w.fail("identify", "需要一个列表，每项形如 { count = 2, kind = \"特质\", values = [\"神圣\"] }", raw)
    rules = []
    for i, item in enumerate(raw):
        if not isinstance(item, dict):
            raise w.fail(f"identify[{i}]", "需要一个表 { count = …, kind = …, values = […] }", item)
        unknown = set(item) - {"count", "kind", "values"}
        if unknown:
            raise w.fail(f"identify[{i}]", f"未知的键 {', '.join(sorted(unknown))}（只能有 count、kind、values）")
        count = _int(w, item, "count", 1, 5)
        kind = _str(w, item, "kind", CLAIM_KINDS)
        vocab = {"特质": TRAITS, "职业": CLASS_NAMES, "阵营": FACTIONS}[kind]
        values = _list(w, item, "values", vocab, required=False)
        rules.append(IdRule(count, kind, values))
    return tuple(rules)


def _skill(w: _Where, raw: Any, seen_ids: set[str], seen_names: set[str]) -> SkillSpec:
    if not isinstance(raw, dict):
        raise w.fail("skill", "每个 [[class.skill]] 需要是一个表", raw)
    name = _str(w, raw, "name")
    w = _Where(w.source, w.cls, name)
    sid = _str(w, raw, "id")
    if not re.fullmatch(r"[a-z][a-z0-9_]*", sid):
        raise w.fail("id", "需要小写英文、数字和下划线", sid)
    if sid in RESERVED_IDS or sid in seen_ids:
        raise w.fail("id", "与通用指令或本职业的其他技能重名", sid)
    if name in _RESERVED_NAMES or name in seen_names:
        raise w.fail("name", "与通用指令（圣杯、攻击、指认、放开）或本职业的其他技能重名", name)
    kind = _str(w, raw, "kind", KINDS)
    effect = _str(w, raw, "effect", tuple(EFFECTS))
    eff = EFFECTS[effect]
    kinds, required, optional, command = eff.kinds, set(eff.required), set(eff.optional), eff.command
    if kind not in kinds:
        raise w.fail("kind", f"效果 {effect} 只能配合 {'、'.join(kinds)} 技能", kind)
    unknown = set(raw) - _SKILL_BASE - required - optional
    if unknown:
        allowed = ", ".join(sorted(required | optional)) or "无"
        raise w.fail(", ".join(sorted(unknown)), f"效果 {effect} 不认识这个参数（它的参数：{allowed}）")
    missing = required - set(raw)
    if missing:
        raise w.fail(", ".join(sorted(missing)), f"效果 {effect} 需要这个参数")
    if not command and ("action" in raw or "target" in raw or "uses" in raw):
        raise w.fail("action/target/uses", "只有主动类效果（需要下指令的技能）才有动作、目标和次数")
    aliases = raw.get("aliases", [])
    if not isinstance(aliases, list) or not all(isinstance(a, str) and a.strip() for a in aliases):
        raise w.fail("aliases", "需要一个字符串列表", aliases)
    uses = _int(w, raw, "uses", 1, 99, default=0) or None
    if kind == "全局":
        if uses not in (None, 1):
            raise w.fail("uses", "全局技能整局只能使用一次", uses)
        uses = 1
    kw: dict[str, Any] = {}
    for key in ("ab", "ac", "damage"):
        if key in raw:
            kw[key] = _int(w, raw, key, -100, 100)
    if "extra_attacks" in raw:
        kw["extra_attacks"] = _int(w, raw, "extra_attacks", 0, 3)
    for key in ("after", "condition", "blocked_by"):
        if key in raw:
            kw[key] = _str(w, raw, key, CONDITIONS)
    for key in ("after_nights", "nights"):
        if key in raw:
            kw[key] = _int(w, raw, key, 1, 5)
    if "vs_faction" in raw:
        kw["vs_faction"] = _str(w, raw, "vs_faction", FACTIONS)
    if "save" in raw:
        kw["save"] = _str(w, raw, "save", SAVES)
    if "check" in raw:
        kw["check"] = _str(w, raw, "check", CHECKS)
    if "dice" in raw:
        kw["dice"] = _dice(w, raw, "dice")
    if "full" in raw:
        if not isinstance(raw["full"], bool):
            raise w.fail("full", "需要 true 或 false", raw["full"])
        kw["full"] = raw["full"]
    if "chance" in raw:
        kw["chance"] = _int(w, raw, "chance", 0, 100)
    if "value" in raw:
        kw["value"] = _int(w, raw, "value", -100, 100)
    if effect in MOMENTS["validate"]:  # what the effect's parameters must say together
        eff.validate(w, kw)
    action = _str(w, raw, "action", ACTIONS, default="标准")
    target = _str(w, raw, "target", TARGETS, default="他人")
    if eff.others_only and target != "他人":
        raise w.fail("target", "攻击类效果只能指定他人", target)
    action = eff.action or action  # 动作如潮 grants its own action: it never uses the standard or the free one
    help_text = raw.get("help", "")
    if not isinstance(help_text, str):
        raise w.fail("help", "需要一个字符串", help_text)
    seen_ids.add(sid)
    seen_names.add(name)
    return SkillSpec(id=sid, name=name, kind=kind, effect=effect, action=action, target=target, uses=uses,
                     help=help_text.strip(), aliases=tuple(a.strip() for a in aliases), command=command, **kw)


def _class(source: str, raw: Any, index: int) -> ClassSpec:
    if not isinstance(raw, dict):
        raise _Where(source).fail(f"class[{index}]", "每个 [[class]] 需要是一个表", raw)
    w = _Where(source, str(raw.get("name", f"#{index + 1}")))
    name = _str(w, raw, "name", CLASS_NAMES)
    unknown = set(raw) - _CLASS_KEYS
    if unknown:
        raise w.fail(", ".join(sorted(unknown)), f"未知的字段（可用：{', '.join(sorted(_CLASS_KEYS))}）")
    traits = _list(w, raw, "traits", TRAITS, required=True)
    hp = _int(w, raw, "hp", 1, 20)
    if name in TEXT_HP and hp != TEXT_HP[name]:
        raise w.fail("hp", f"原文规定{name}的生命上限为 {TEXT_HP[name]}，不能修改", hp)
    ab = _int(w, raw, "ab", 0, 100)
    armor = _int(w, raw, "armor", 0, 100, step=5)
    dex = _int(w, raw, "dex", 0, 100, step=5)
    damage = _dice(w, raw, "damage")
    blurb = raw.get("blurb", "")
    if not isinstance(blurb, str):
        raise w.fail("blurb", "需要一个字符串", blurb)
    identify = _identify(w, raw.get("identify", []))
    skills_raw = raw.get("skill", [])
    if not isinstance(skills_raw, list):
        raise w.fail("skill", "技能请写成 [[class.skill]] 表", skills_raw)
    ids: set[str] = set()
    names: set[str] = set()
    skills = tuple(_skill(w, s, ids, names) for s in skills_raw)
    return ClassSpec(name, traits, hp, ab, armor, dex, damage, identify, skills, blurb.strip())


def parse_sheet(data: dict, source: str = "classes.toml") -> dict[str, ClassSpec]:
    """Validate a decoded sheet; returns the classes by name or raises SheetError."""
    w = _Where(source)
    unknown = set(data) - {"class"}
    if unknown:
        raise w.fail(", ".join(sorted(unknown)), "未知的顶层键（只能有 [[class]]）")
    raw = data.get("class")
    if not isinstance(raw, list) or not raw:
        raise w.fail("class", "没有任何 [[class]] 职业")
    out: dict[str, ClassSpec] = {}
    for i, item in enumerate(raw):
        spec = _class(source, item, i)
        if spec.name in out:
            raise _Where(source, spec.name).fail("name", "这个职业出现了两次")
        out[spec.name] = spec
    missing = [c for c in CLASS_NAMES if c not in out]
    if missing:
        raise w.fail("class", f"缺少原文的职业：{'、'.join(missing)}")
    return {c: out[c] for c in CLASS_NAMES}


def load_sheet(path: Path) -> dict[str, ClassSpec]:
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as e:
        raise SheetError(f"{path.name}：无法读取职业表 (cannot read the class sheet)：{e}") from None
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as e:
        raise SheetError(f"{path.name}：TOML 格式错误 (TOML syntax error)：{e}") from None
    return parse_sheet(data, path.name)


SHEET_PATH = Path(__file__).with_name("classes.toml")
SHEET: dict[str, ClassSpec] = load_sheet(SHEET_PATH)
