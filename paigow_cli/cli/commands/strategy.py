"""``paigow strategy``: a printable strategy card for a dealer, its rules found by exact search."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Annotated, Any

import typer

from paigow_cli.cli.counting import count_tables
from paigow_cli.cli.exits import reporting_errors
from paigow_cli.cli.options import (
    BankerOption,
    CommissionOption,
    DeadOption,
    GameOption,
    HouseWayOption,
    JobsOption,
    JsonOption,
    SchedulerOption,
    WheelOption,
    dead_option,
    make_rules,
)
from paigow_cli.cli.output import Output, data_table, fitted, note, write_file
from paigow_cli.core.errors import OptionError
from paigow_cli.core.rules import Game, HouseWayName, Wheel

if TYPE_CHECKING:
    from pathlib import Path

    from paigow_cli.analysis.strategy.card import StrategyCard

app = typer.Typer()

MOST_RULES = 40
PLUGIN_MARK = "written by paigow strategy"  # a file with this in its first lines may be written over


@app.command("strategy")
def strategy_command(
    house_way: HouseWayOption = HouseWayName.FOXWOODS.value,
    game: GameOption = Game.CLASSIC,
    banker: BankerOption = False,
    wheel: WheelOption = Wheel.SECOND,
    commission: CommissionOption = None,
    dead: DeadOption = None,
    base: Annotated[
        str | None,
        typer.Option(
            "--from",
            metavar="NAME|FILE.py",
            help="The house way the card starts from and refines (default: the dealer's own).",
            show_default=False,
        ),
    ] = None,
    rules: Annotated[
        int,
        typer.Option("--rules", "-n", metavar="N", help="Rules on the card at most.", min=1, max=MOST_RULES),
    ] = 5,
    min_saving: Annotated[
        str,
        typer.Option(
            "--min-saving",
            metavar="PERCENT",
            help="Stop when the next rule saves less than this, in % of a unit bet per hand, e.g. 0.001.",
        ),
    ] = "0.001",
    plugin: Annotated[
        str | None,
        typer.Option(
            "--plugin",
            metavar="FILE.py",
            help="Also write the card as a house-way plugin (checked: its exact edge is the card's).",
            show_default=False,
        ),
    ] = None,
    save: Annotated[
        str | None,
        typer.Option(
            "--save",
            metavar="NAME",
            help="Keep the card in the data folder under NAME (its plugin and its JSON): --player NAME, "
            "--house-way NAME and --from NAME then find it in every command.",
            show_default=False,
        ),
    ] = None,
    list_saved: Annotated[
        bool, typer.Option("--list", help="List the saved cards, each with its dealer and exact house edge.")
    ] = False,
    anki: Annotated[
        str | None,
        typer.Option(
            "--anki",
            metavar="FILE.apkg",
            help="Also write the card as an Anki deck: a note per rule, with example hands and the setting "
            "to make (needs the optional genanki: pip install 'paigow-cli[anki]').",
            show_default=False,
        ),
    ] = None,
    complete: Annotated[
        bool,
        typer.Option(
            "--complete",
            help="Print the card as the whole strategy: per kind of hand, its rules, then the house way's "
            "clauses that still decide the hands no rule names (text, or Markdown with --markdown).",
        ),
    ] = False,
    html_page: Annotated[
        str | None,
        typer.Option(
            "--html",
            metavar="FILE.html",
            help="Also write the whole strategy (as --complete) as a page that prints on one sheet.",
            show_default=False,
        ),
    ] = None,
    markdown: Annotated[bool, typer.Option("--markdown", help="Print the card as Markdown.")] = False,
    jobs: JobsOption = None,
    scheduler: SchedulerOption = None,
    as_json: JsonOption = False,
) -> None:
    """A strategy card: a house way and a few rules a person can learn, each found by exact search.

    The card starts from a house way (the dealer's own, or --from) and adds rules one at a time:
    each is the rule, of simple forms a dealer would say (a kind of hand; ranges of its pair ranks,
    of the sum of the pair ranks, of its highest cards; the joker; a straight or flush possible; and
    a move such as split, keep together, or the pair in front), that saves the most exact EV given
    the rules before it. The card reads from the top: rules grouped by kind of hand, the first
    that fits a hand deciding it; every condition is in its words, and a glossary printed with the
    card says what each word means. For each rule: the hands it decides and what the card gives up
    without it, both exact; and the
    card beside the house way, the best suit-blind way (every kind of hand set by its best EV) and
    best play. It needs the dealer's strategy table: about a minute on two cores the first time
    (cached, shared with paigow edge --player and compare), then seconds.

    Examples:

    $ paigow strategy
    $ paigow strategy --house-way trump-plaza --rules 10
    $ paigow strategy --rules 5 --plugin card.py
    $ paigow edge --player card.py
    $ paigow strategy --game ez --banker --markdown > ez-banker-card.md
    $ paigow strategy --house-way trump-plaza --rules 10 --save tp10
    $ paigow drill --house-way trump-plaza --player tp10
    $ paigow strategy --list
    $ paigow strategy --rules 10 --anki card.apkg
    $ paigow strategy --rules 10 --complete --html card.html
    """
    from paigow_cli.analysis.game.question import Question

    if list_saved:
        list_command(as_json)
        return
    with reporting_errors():
        if markdown and as_json:
            raise OptionError("choose --json or --markdown, not both")
        saved_as = save_target(save) if save is not None else None
        deck_path = anki_target(anki) if anki is not None else None
        page_path = page_target(html_page) if html_page is not None else None
        if complete and as_json:
            raise OptionError("--complete prints the card for a person: it does not go with --json")
        saving = percent_option(min_saving)
        rules_given = make_rules(house_way, game, banker=banker, wheel=wheel, commission=commission)
        base_name = base_option(base)
        target = plugin_target(plugin) if plugin is not None else None
        question = Question(rules_given, tuple(dead_option(dead, 53 - 14)))
    tables, _ = count_tables([[question]], jobs=jobs, scheduler=scheduler)
    from paigow_cli.analysis.strategy.card import search_card
    from paigow_cli.cli.tables import class_catalogue_once, dealer_table
    from paigow_cli.cli.views.card import (
        card_json,
        card_markdown,
        card_text,
        card_title,
        complete_html,
        complete_markdown,
        complete_text,
    )

    with reporting_errors():
        if base_name is not None:
            from dataclasses import replace

            dealer_table(replace(rules_given, house_way=base_name))
        class_catalogue_once(rules_given.wheel)
        card = search_card(question, rules, saving, base_name, tables[0][0])
    written = None
    if target is not None:
        written = write_card_plugin(card, target, tables[0][0], rules, min_saving)
    if saved_as is not None:
        kept = write_card_plugin(card, saved_as, tables[0][0], rules, min_saving)
        import json

        with reporting_errors():
            write_file(kept.with_suffix(".json"), json.dumps(card_json(card, kept), indent=2) + "\n", "--save")
        if not as_json:
            note(f"saved the card as {kept.stem}: --player {kept.stem} finds it ({kept})")
    if deck_path is not None:
        from paigow_cli.cli.views.anki import write_deck

        with reporting_errors():
            notes = write_deck(card, tables[0][0], deck_path, card_title(card))
        if not as_json:
            note(f"wrote {deck_path}: an Anki deck of {notes} notes, one per rule")
    pages = None
    if complete or page_path is not None:
        from paigow_cli.analysis.strategy.clauses import complete_card

        with reporting_errors():
            pages = complete_card(card.rules, dealer_table(replace_way(rules_given, card.base)))
    if page_path is not None:
        assert pages is not None
        with reporting_errors():
            write_file(page_path, complete_html(card, pages, card_title(card), card.glossary), "--html")
        if not as_json:
            note(f"wrote {page_path}: the whole strategy on one page")
    output = Output(as_json, batch=False)
    if complete:
        assert pages is not None
        if markdown:
            typer.echo(complete_markdown(card, pages, card_title(card)), nl=False)
        else:
            output.emit({}, lambda: complete_text(card, pages, card_title(card)))
        return
    if markdown:
        typer.echo(card_markdown(card), nl=False)
    else:
        output.emit(card_json(card, written), lambda: card_text(card))
    if written is not None and not as_json:
        note(f"wrote {written}: its exact house edge, as paigow edge --player counts it, is the card's")


def replace_way(rules: Any, name: str) -> Any:
    from dataclasses import replace

    return replace(rules, house_way=name)


def page_target(text: str) -> Path:
    """``--html FILE.html``: an .html file in an existing folder."""
    from pathlib import Path

    path = Path(text).expanduser()
    if path.suffix not in (".html", ".htm"):
        raise OptionError(f"--html {text}: a page is an .html file")
    if not path.parent.is_dir():
        raise OptionError(f"--html {text}: no such folder {path.parent}")
    return path


def anki_target(text: str) -> Path:
    """``--anki FILE.apkg``: an .apkg file in an existing folder."""
    from pathlib import Path

    path = Path(text).expanduser()
    if path.suffix != ".apkg":
        raise OptionError(f"--anki {text}: an Anki deck is an .apkg file")
    if not path.parent.is_dir():
        raise OptionError(f"--anki {text}: no such folder {path.parent}")
    if path.is_dir():
        raise OptionError(f"--anki {text}: that is a folder")
    return path


def save_target(name: str) -> Path:
    """``--save NAME``: a name a house way could have, not one of ours; the file in the data
    folder's cards (one this command wrote before may be written over)."""
    from paigow_cli.core.folders import saved_cards_dir
    from paigow_cli.core.rules import PLAYER_WORDS
    from paigow_cli.house_ways import HOUSE_WAYS
    from paigow_cli.house_ways.plugins import NAME_PATTERN

    if not NAME_PATTERN.match(name):
        raise OptionError(f"--save {name!r}: a card's name is lower case letters, digits and hyphens, e.g. tp10")
    if name in HOUSE_WAYS or name in PLAYER_WORDS:
        raise OptionError(f"--save {name}: that names a house way or a --player word already; choose another name")
    folder = saved_cards_dir()
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise OptionError(f"--save {name}: cannot make the folder {folder} ({error.strerror})") from None
    return plugin_target(str(folder / f"{name}.py"))


def saved_cards() -> list[dict[str, Any]]:
    """Every saved card's JSON, by name (a damaged one as its name and what is wrong)."""
    import json

    from paigow_cli.core.folders import saved_cards_dir

    folder = saved_cards_dir()
    found = []
    for path in sorted(folder.glob("*.json")) if folder.is_dir() else []:
        try:
            document = json.loads(path.read_text(encoding="utf-8"))
            edge = -float(document["card"]["ev"])
            found.append(
                {
                    "name": path.stem,
                    "house_way": document["house_way"],
                    "game": document["game"],
                    "banker": document["banker"],
                    "rules": len(document["rules"]),
                    "house_edge": edge,
                    "house_way_edge": -float(document["house"]["ev"]),
                    "best_edge": -float(document["best"]["ev"]),
                    "plugin": str(path.with_suffix(".py")),
                }
            )
        except OSError as error:
            found.append({"name": path.stem, "error": f"cannot be read: {error.strerror}"})
        except (ValueError, KeyError, TypeError):
            found.append({"name": path.stem, "error": f"damaged: save it again (paigow strategy --save {path.stem})"})
    return found


def list_command(as_json: bool) -> None:
    from rich.text import Text

    from paigow_cli.cli.views.card import percent
    from paigow_cli.core.folders import saved_cards_dir

    cards = saved_cards()

    def text() -> Any:
        if not cards:
            return Text(f"No saved cards yet (paigow strategy --save NAME keeps one in {saved_cards_dir()}).")
        table = data_table()
        table.add_column("Card")
        table.add_column("Dealer")
        table.add_column("Rules", justify="right")
        table.add_column("Edge", justify="right")
        table.add_column("House way", justify="right")
        table.add_column("Best play", justify="right")
        for card in cards:
            if "error" in card:
                table.add_row(card["name"], Text(card["error"], style="red"), "", "", "", "")
                continue
            dealer = card["house_way"] + ("" if card["game"] == "classic" else f", {card['game']}")
            dealer += ", banker" if card["banker"] else ""
            table.add_row(
                card["name"],
                dealer,
                str(card["rules"]),
                percent(card["house_edge"]),
                percent(card["house_way_edge"]),
                percent(card["best_edge"]),
            )
        return fitted(table)

    Output(as_json, batch=False).emit(cards, text)


def percent_option(text: str) -> Any:
    """``--min-saving``: a finite percentage of a unit bet, 0 or more, as an exact fraction of a unit.

    >>> percent_option("0.001"), percent_option("0.5%")
    (Fraction(1, 100000), Fraction(1, 200))
    """
    from fractions import Fraction

    cleaned = text.strip().removesuffix("%").strip()
    try:
        value = Fraction(cleaned)
    except (ValueError, ZeroDivisionError):
        raise OptionError(f"--min-saving {text!r}: give a percentage of a unit bet per hand, e.g. 0.001") from None
    if value < 0 or value > 100 or not math.isfinite(float(value)):
        raise OptionError(f"--min-saving {text!r}: give a percentage from 0 to 100")
    return value / 100


def base_option(base: str | None) -> str | None:
    """``--from``: a house way's name (loading a plugin), errors naming --from."""
    if base is None:
        return None
    from paigow_cli.core.errors import PaigowError
    from paigow_cli.core.rules import PLAYER_WORDS
    from paigow_cli.house_ways import way_named

    if base in PLAYER_WORDS:
        raise OptionError(f"--from {base}: a card starts from a house way (a name or a plugin file)")
    try:
        return way_named(base).name
    except PaigowError as error:
        error.about = "from"
        raise


def plugin_target(text: str) -> Path:
    """``--plugin FILE.py``: a new .py file in an existing folder, or one this command wrote before."""
    from pathlib import Path

    path = Path(text).expanduser()
    if path.suffix != ".py":
        raise OptionError(f"--plugin {text}: a plugin is a .py file")
    if not path.parent.is_dir():
        raise OptionError(f"--plugin {text}: no such folder {path.parent}")
    if path.is_dir():
        raise OptionError(f"--plugin {text}: that is a folder")
    if path.exists():
        try:
            head = path.read_text(encoding="utf-8", errors="replace")[:2000]
        except OSError as error:
            raise OptionError(f"--plugin {text}: cannot read it ({error.strerror})") from None
        if PLUGIN_MARK not in head:
            raise OptionError(
                f"--plugin {text}: the file exists and was not written by paigow strategy; choose another name"
            )
    return path


def write_card_plugin(card: StrategyCard, path: Path, table: Any, rules: int, min_saving: str) -> Path:
    """Write the card's plugin (atomically), load it, build its table and check it plays as the card."""
    from paigow_cli.analysis.strategy.card_plugin import check_plugin, plugin_name, plugin_source
    from paigow_cli.cli.tables import dealer_table
    from paigow_cli.cli.views.card import card_summary
    from paigow_cli.house_ways.plugins import resolve

    question = card.question
    command = f"paigow strategy --house-way {question.rules.house_way} --rules {rules} --min-saving {min_saving}"
    if question.rules.game is not Game.CLASSIC:
        command += f" --game {question.rules.game.value}"
    if question.rules.banker:
        command += " --banker"
    if card.base != question.rules.house_way:
        command += f" --from {card.base}"
    name = plugin_name(path.stem, card)
    source = plugin_source(card, name, command, card_summary(card, PLUGIN_MARK))
    with reporting_errors():
        write_file(path, source, "--plugin")
        from dataclasses import replace

        player = dealer_table(replace(question.rules, house_way=resolve(str(path))))
        check_plugin(card, table, player)
    return path


# --- rendering -----------------------------------------------------------------------------------
