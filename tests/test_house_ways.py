"""rules.md §7: every clause of every house way, one named case each; then properties over random hands."""

from __future__ import annotations

import random

import pytest
from helpers import cards, stable_seed

from paigow_cli.core.cards import DECK, JOKER, sort_cards
from paigow_cli.core.rules import HouseWayName, Rules, Wheel
from paigow_cli.house_ways import decide, house_keys, house_setting

ALL = tuple(HouseWayName)


def ranks(group) -> str:
    return " ".join("JK" if card.is_joker else str(card)[0] for card in sort_cards(group))


def setting_text(hand: str, way: HouseWayName) -> str:
    split = house_setting(cards(hand), Rules(house_way=way)).split
    return f"{ranks(split.high)} / {ranks(split.low)}"


# (house ways, clause, hand, "back / front" as ranks)
COMMON = [
    ("no_pair_highest_in_back_next_two_in_front", "AS JD 9C 7H 5S 4D 2C", "A 7 5 4 2 / J 9"),
    ("one_pair_in_back_two_highest_others_in_front", "8S 8D KC QH 5S 4D 2C", "8 8 5 4 2 / K Q"),
    ("one_pair_of_aces_made_with_the_joker", "AS JK KC QH 5S 4D 2C", "JK A 5 4 2 / K Q"),
    ("three_pair_highest_pair_in_front", "KS KH 8D 8C 5S 5H 2D", "8 8 5 5 2 / K K"),
    ("three_aces_broken_one_ace_and_next_highest_in_front", "AS AH AD KC QS 7D 2H", "A A Q 7 2 / A K"),
    ("three_aces_with_the_joker_keep_the_joker_in_back", "AS AH JK KC QS 7D 2H", "JK A Q 7 2 / A K"),
    ("three_of_a_kind_kings_and_below_in_back", "7S 7H 7D KC QS 5D 2H", "7 7 7 5 2 / K Q"),
    ("two_sets_of_trips_pair_from_the_higher_set_in_front", "KS KH KD 5C 5S 5D 2H", "K 5 5 5 2 / K K"),
    ("straight_no_pair_in_back_highest_two_in_front", "9S 8H 7D 6C 5S KD AH", "9 8 7 6 5 / A K"),
    ("six_card_straight_lower_straight_for_higher_front", "TS 9H 8D 7C 6S 5D 2H", "9 8 7 6 5 / T 2"),
    ("seven_card_flush_best_front", "AS JS 9S 6S 3S 2S KS", "J 9 6 3 2 / A K"),
]

CLAUSES = [
    # --- foxwoods (§7.1) ---
    ("foxwoods", "two_pair_aces_to_jacks_split", "QS QH 5D 5C AS 9D 2H", "A Q Q 9 2 / 5 5"),
    ("foxwoods", "two_pair_7_to_10_kept_when_an_ace_can_go_in_front", "9S 9H 4D 4C AS KD 2H", "9 9 4 4 2 / A K"),
    ("foxwoods", "two_pair_7_to_10_split_without_an_ace", "9S 9H 4D 4C KS QD 2H", "K Q 9 9 2 / 4 4"),
    ("foxwoods", "two_pair_7_to_10_the_joker_is_an_ace", "9S 9H 4D 4C JK KD 2H", "9 9 4 4 2 / JK K"),
    ("foxwoods", "two_pair_3_to_6_kept_when_a_king_can_go_in_front", "6S 6H 3D 3C KS 8D 2H", "6 6 3 3 2 / K 8"),
    ("foxwoods", "two_pair_3_to_6_split_without_a_king", "6S 6H 3D 3C QS 8D 2H", "Q 8 6 6 2 / 3 3"),
    ("foxwoods", "straight_one_pair_highest_two_cards_a_pair", "9S 8H 7D 6C 5S KD KH", "9 8 7 6 5 / K K"),
    ("foxwoods", "straight_one_pair_not_a_pair_in_front", "9S 8H 7D 6C 5S 5D KH", "9 8 7 6 5 / K 5"),
    ("foxwoods", "straight_ace_and_pair_of_kings_pair_in_back_ace_in_front", "KS KH QD JC TS AD 3H", "K K J T 3 / A Q"),
    ("foxwoods", "straight_two_pair_plays_the_two_pair_rule", "9S 9H 8D 7C 6S 5D 5H", "9 9 8 7 6 / 5 5"),
    ("foxwoods", "straight_three_of_a_kind_pair_from_trips_in_front", "9S 9H 9D 8C 7S 6D 5H", "9 8 7 6 5 / 9 9"),
    ("foxwoods", "flush_no_pair_complete_hand_in_back", "AS JS 9S 6S 3S KD 2H", "A J 9 6 3 / K 2"),
    ("foxwoods", "full_house_highest_pair_in_front", "KS KH KD 9C 9S 5D 2H", "K K K 5 2 / 9 9"),
    ("foxwoods", "full_house_trips_and_two_pairs_highest_pair_in_front", "KS KH KD 9C 9S 5D 5H", "K K K 5 5 / 9 9"),
    ("foxwoods", "four_of_a_kind_jacks_to_aces_always_split", "QS QH QD QC AS 5D 2H", "A Q Q 5 2 / Q Q"),
    ("foxwoods", "four_of_a_kind_7_to_10_kept_with_a_king", "9S 9H 9D 9C KS 5D 3H", "9 9 9 9 3 / K 5"),
    ("foxwoods", "four_of_a_kind_7_to_10_split_without_a_king", "9S 9H 9D 9C QS 5D 3H", "Q 9 9 5 3 / 9 9"),
    ("foxwoods", "four_of_a_kind_6_and_below_never_split", "5S 5H 5D 5C AS KD 3H", "5 5 5 5 3 / A K"),
    ("foxwoods", "four_of_a_kind_with_a_pair_pair_in_front", "QS QH QD QC 9S 9D 3H", "Q Q Q Q 3 / 9 9"),
    ("foxwoods", "four_of_a_kind_with_trips_pair_from_trips_in_front", "5S 5H 5D 5C 9S 9D 9H", "9 5 5 5 5 / 9 9"),
    ("foxwoods", "five_aces_pair_of_aces_in_front", "AS AH AD AC JK 9S 3H", "JK A A 9 3 / A A"),
    ("foxwoods", "five_aces_with_kings_kings_in_front", "AS AH AD AC JK KS KD", "JK A A A A / K K"),
    # --- trump-plaza (§7.2) ---
    ("trump-plaza", "two_pair_low_low_kept_with_a_king", "5S 5H 4D 4C KS 9D 2H", "5 5 4 4 2 / K 9"),
    ("trump-plaza", "two_pair_low_low_split_without_a_king", "5S 5H 4D 4C QS 9D 2H", "Q 9 5 5 2 / 4 4"),
    ("trump-plaza", "two_pair_low_medium_kept_with_a_king_or_better", "8S 8H 3D 3C AS 9D 2H", "8 8 3 3 2 / A 9"),
    ("trump-plaza", "two_pair_low_medium_split_without", "8S 8H 3D 3C QS 9D 2H", "Q 9 8 8 2 / 3 3"),
    ("trump-plaza", "two_pair_low_high_kept_with_an_ace", "JS JH 3D 3C AS 9D 2H", "J J 3 3 2 / A 9"),
    ("trump-plaza", "two_pair_low_high_split_without_an_ace", "JS JH 3D 3C KS 9D 2H", "K J J 9 2 / 3 3"),
    ("trump-plaza", "two_pair_medium_medium_kept_with_an_ace", "TS TH 8D 8C AS 9D 2H", "T T 8 8 2 / A 9"),
    ("trump-plaza", "two_pair_medium_medium_split_without_an_ace", "TS TH 8D 8C KS 9D 2H", "K T T 9 2 / 8 8"),
    ("trump-plaza", "two_pair_medium_high_always_split", "JS JH 8D 8C AS 9D 2H", "A J J 9 2 / 8 8"),
    ("trump-plaza", "two_pair_high_high_always_split", "KS KH JD JC AS 9D 2H", "A K K 9 2 / J J"),
    ("trump-plaza", "two_pair_aces_always_split", "AS AH 3D 3C KS 9D 2H", "A A K 9 2 / 3 3"),
    (
        "trump-plaza",
        "straight_one_pair_pair_in_front_with_complete_hand_in_back",
        "9S 8H 7D 6C 5S KD KH",
        "9 8 7 6 5 / K K",
    ),
    ("trump-plaza", "straight_one_pair_needed_complete_hand_still_in_back", "9S 8H 7D 6C 5S 5D KH", "9 8 7 6 5 / K 5"),
    ("trump-plaza", "straight_three_of_a_kind_pair_in_front", "9S 9H 9D 8C 7S 6D 5H", "9 8 7 6 5 / 9 9"),
    ("trump-plaza", "straight_two_pair_plays_the_two_pair_rule", "9S 9H 8D 7C 6S 5D 5H", "9 9 8 7 6 / 5 5"),
    ("trump-plaza", "full_house_split_pair_in_front", "KS KH KD 9C 9S 5D 2H", "K K K 5 2 / 9 9"),
    ("trump-plaza", "full_house_twos_with_ace_and_king_kept", "7S 7H 7D 2C 2S AD KH", "7 7 7 2 2 / A K"),
    ("trump-plaza", "full_house_trips_and_two_pairs_highest_pair_in_front", "KS KH KD 9C 9S 5D 5H", "K K K 5 5 / 9 9"),
    ("trump-plaza", "four_of_a_kind_2_to_6_always_together", "5S 5H 5D 5C AS KD 3H", "5 5 5 5 3 / A K"),
    ("trump-plaza", "four_of_a_kind_7_to_10_kept_with_a_king", "9S 9H 9D 9C KS 5D 3H", "9 9 9 9 3 / K 5"),
    ("trump-plaza", "four_of_a_kind_7_to_10_split_without", "9S 9H 9D 9C QS 5D 3H", "Q 9 9 5 3 / 9 9"),
    ("trump-plaza", "four_of_a_kind_j_to_k_kept_with_an_ace", "QS QH QD QC AS 5D 3H", "Q Q Q Q 3 / A 5"),
    ("trump-plaza", "four_of_a_kind_j_to_k_split_without_an_ace", "QS QH QD QC KS 5D 3H", "K Q Q 5 3 / Q Q"),
    ("trump-plaza", "four_aces_always_split", "AS AH AD JK KS 5D 3H", "JK A K 5 3 / A A"),
    ("trump-plaza", "four_of_a_kind_plus_a_pair_pair_in_front", "QS QH QD QC 9S 9D 3H", "Q Q Q Q 3 / 9 9"),
    ("trump-plaza", "four_of_a_kind_plus_trips_pair_from_trips_in_front", "5S 5H 5D 5C 9S 9D 9H", "9 5 5 5 5 / 9 9"),
    ("trump-plaza", "five_aces_three_in_back_two_in_front", "AS AH AD AC JK 9S 3H", "JK A A 9 3 / A A"),
    ("trump-plaza", "five_aces_with_kings_kings_in_front", "AS AH AD AC JK KS KD", "JK A A A A / K K"),
    # --- claridge (§7.3) ---
    ("claridge", "full_house_always_pair_in_front", "7S 7H 7D 2C 2S AD KH", "A K 7 7 7 / 2 2"),
    ("claridge", "four_of_a_kind_7_to_10_kept_with_an_ace", "9S 9H 9D 9C AS 5D 3H", "9 9 9 9 3 / A 5"),
    ("claridge", "four_of_a_kind_7_to_10_split_with_only_a_king", "9S 9H 9D 9C KS 5D 3H", "K 9 9 5 3 / 9 9"),
    ("claridge", "four_of_a_kind_j_to_k_always_split", "QS QH QD QC AS 5D 3H", "A Q Q 5 3 / Q Q"),
    ("claridge", "otherwise_as_trump_plaza_two_pair", "5S 5H 4D 4C KS 9D 2H", "5 5 4 4 2 / K 9"),
    # --- ballys (§7.4) ---
    ("ballys", "straight_the_complete_hand_with_the_highest_front", "9S 8H 7D 6C 5S KD AH", "9 8 7 6 5 / A K"),
    ("ballys", "ace_high_straight_with_the_joker_played_as_a_pair_of_aces", "AS JK KD QC JH 5S 2D", "JK A J 5 2 / K Q"),
    (
        "ballys",
        "ace_high_straight_with_the_joker_a_lower_straight_is_played",
        "AS JK KD QC JH 9S 2D",
        "JK K Q J 9 / A 2",
    ),
    ("ballys", "straight_one_pair_pair_in_front", "9S 8H 7D 6C 5S KD KH", "9 8 7 6 5 / K K"),
    ("ballys", "straight_three_of_a_kind_pair_in_front", "9S 9H 9D 8C 7S 6D 5H", "9 8 7 6 5 / 9 9"),
    ("ballys", "full_house_split_pair_in_front", "KS KH KD 9C 9S 5D 2H", "K K K 5 2 / 9 9"),
    ("ballys", "full_house_twos_with_ace_and_king_kept", "7S 7H 7D 2C 2S AD KH", "7 7 7 2 2 / A K"),
    ("ballys", "four_of_a_kind_2_to_9_never_split", "9S 9H 9D 9C QS 5D 3H", "9 9 9 9 3 / Q 5"),
    ("ballys", "four_of_a_kind_10_to_k_kept_with_an_ace", "QS QH QD QC AS 5D 3H", "Q Q Q Q 3 / A 5"),
    ("ballys", "four_of_a_kind_10_to_k_split_without_an_ace", "TS TH TD TC KS 5D 3H", "K T T 5 3 / T T"),
    ("ballys", "four_aces_always_split", "AS AH AD AC 9S 5D 3H", "A A 9 5 3 / A A"),
    ("ballys", "four_aces_with_a_pair_of_kings_kings_in_front", "AS AH AD AC KS KD 3H", "A A A A 3 / K K"),
    ("ballys", "four_of_a_kind_plus_trips_pair_in_front", "5S 5H 5D 5C 9S 9D 9H", "9 5 5 5 5 / 9 9"),
    ("ballys", "five_aces_two_aces_in_front", "AS AH AD AC JK 9S 3H", "JK A A 9 3 / A A"),
    ("ballys", "five_aces_with_kings_kings_in_front", "AS AH AD AC JK KS KD", "JK A A A A / K K"),
    # --- flamingo (§7.5) ---
    ("flamingo", "two_pair_both_6s_or_lower_together", "6S 6H 3D 3C QS 8D 2H", "6 6 3 3 2 / Q 8"),
    ("flamingo", "two_pair_both_tens_or_lower_with_an_ace_together", "TS TH 8D 8C AS 9D 2H", "T T 8 8 2 / A 9"),
    ("flamingo", "two_pair_face_cards_and_5s_or_lower_with_an_ace_together", "KS KH 4D 4C AS 9D 2H", "K K 4 4 2 / A 9"),
    ("flamingo", "two_pair_otherwise_split", "KS KH 8D 8C AS 9D 2H", "A K K 9 2 / 8 8"),
    ("flamingo", "two_pair_aces_split", "AS AH 4D 4C KS 9D 2H", "A A K 9 2 / 4 4"),
    ("flamingo", "straight_two_pair_aces_play_two_pair", "AS AH 5D 5C 2S 3D 4H", "A A 4 3 2 / 5 5"),
    (
        "flamingo",
        "straight_two_pair_tens_or_lower_with_an_ace_play_two_pair",
        "AS 2H 2D 3C 3S 4D 5H",
        "4 3 3 2 2 / A 5",
    ),
    ("flamingo", "straight_two_pair_otherwise_the_straight", "9S 9H 6D 6C 5S 7D 8H", "9 8 7 6 5 / 9 6"),
    ("flamingo", "straight_and_flush_straight_for_a_better_king_high_front", "5H 6H 7H QH KH 8C 9D", "9 8 7 6 5 / K Q"),
    ("flamingo", "straight_and_flush_otherwise_the_flush", "5H 6H 7H JH 2H 8C 9D", "J 7 6 5 2 / 9 8"),
    ("flamingo", "straight_flush_in_back", "9H 8H 7H 6H 5H 2C 3D", "9 8 7 6 5 / 3 2"),
    ("flamingo", "straight_flush_broken_for_an_ace_with_a_face_card", "QH JH TH 9H 8H AC 7D", "J T 9 8 7 / A Q"),
    ("flamingo", "royal_flush_in_back", "AH KH QH JH TH 2C 3D", "A K Q J T / 3 2"),
    ("flamingo", "royal_flush_broken_for_a_king_or_better_in_front", "AH KH QH JH TH 9C 2D", "K Q J T 9 / A 2"),
    ("flamingo", "royal_flush_aces_and_a_pair_play_two_pair", "AH KH QH JH TH AC KC", "A A Q J T / K K"),
    ("flamingo", "full_house_split", "KS KH KD 9C 9S 5D 2H", "K K K 5 2 / 9 9"),
    ("flamingo", "full_house_twos_with_ace_and_king_kept", "7S 7H 7D 2C 2S AD KH", "7 7 7 2 2 / A K"),
    ("flamingo", "four_of_a_kind_2_to_6_together", "5S 5H 5D 5C AS KD 3H", "5 5 5 5 3 / A K"),
    ("flamingo", "four_of_a_kind_7_to_10_kept_with_ace_and_face", "9S 9H 9D 9C AS JD 3H", "9 9 9 9 3 / A J"),
    ("flamingo", "four_of_a_kind_7_to_10_split_with_ace_ten", "9S 9H 9D 9C AS TD 3H", "A T 9 9 3 / 9 9"),
    ("flamingo", "four_of_a_kind_j_to_k_kept_with_pair_of_tens_or_higher", "QS QH QD QC TS TD 3H", "Q Q Q Q 3 / T T"),
    ("flamingo", "four_of_a_kind_j_to_k_split_otherwise", "QS QH QD QC 9S 9D 3H", "Q Q 9 9 3 / Q Q"),
    ("flamingo", "four_aces_kept_with_a_pair_of_7s_or_higher", "AS AH AD AC 7S 7D 3H", "A A A A 3 / 7 7"),
    ("flamingo", "four_aces_split_otherwise", "AS AH AD AC 6S 6D 3H", "A A 6 6 3 / A A"),
    ("flamingo", "five_aces_split", "AS AH AD AC JK 9S 3H", "JK A A 9 3 / A A"),
    ("flamingo", "five_aces_with_kings_kings_in_front", "AS AH AD AC JK KS KD", "JK A A A A / K K"),
    # --- golden-nugget (§7.6) ---
    ("golden-nugget", "two_pair_kept_together", "6S 6H 3D 3C QS 8D 2H", "6 6 3 3 2 / Q 8"),
    ("golden-nugget", "two_pair_7s_or_higher_no_ace_split", "9S 9H 3D 3C KS 8D 2H", "K 9 9 8 2 / 3 3"),
    ("golden-nugget", "two_pair_7s_or_higher_with_ace_kept", "9S 9H 3D 3C AS 8D 2H", "9 9 3 3 2 / A 8"),
    ("golden-nugget", "two_pair_jacks_and_sixes_with_ace_split", "JS JH 6D 6C AS 8D 2H", "A J J 8 2 / 6 6"),
    ("golden-nugget", "two_pair_aces_split", "AS AH 3D 3C KS 8D 2H", "A A K 8 2 / 3 3"),
    ("golden-nugget", "full_house_split", "KS KH KD 9C 9S 5D 2H", "K K K 5 2 / 9 9"),
    ("golden-nugget", "full_house_twos_with_ace_and_king_kept", "7S 7H 7D 2C 2S AD KH", "7 7 7 2 2 / A K"),
    ("golden-nugget", "straight_in_back", "9S 8H 7D 6C 5S KD AH", "9 8 7 6 5 / A K"),
    ("golden-nugget", "straight_two_pair_with_an_ace_play_two_pair", "AS 2H 2D 3C 3S 4D 5H", "4 3 3 2 2 / A 5"),
    ("golden-nugget", "flush_with_jacks_and_sixes_play_two_pair", "JS JH 6S 6D 2S 4S 9S", "J J 9 4 2 / 6 6"),
    ("golden-nugget", "flush_with_queens_and_sixes_keeps_the_flush", "QS QH 6S 6D 2S 4S 9S", "Q 9 6 4 2 / Q 6"),
    ("golden-nugget", "straight_two_pair_otherwise_the_straight", "9S 9H 6D 6C 5S 7D 8H", "9 8 7 6 5 / 9 6"),
    ("golden-nugget", "straight_flush_in_back", "9H 8H 7H 6H 5H 2C 3D", "9 8 7 6 5 / 3 2"),
    ("golden-nugget", "straight_flush_broken_for_jack_high_or_better", "QH JH TH 9H 8H 7D 2C", "J T 9 8 7 / Q 2"),
    ("golden-nugget", "royal_flush_broken_for_king_high_or_better", "AH KH QH JH TH 9C 2D", "K Q J T 9 / A 2"),
    ("golden-nugget", "royal_flush_in_back", "AH KH QH JH TH 2C 3D", "A K Q J T / 3 2"),
    ("golden-nugget", "four_of_a_kind_2_to_6_together", "5S 5H 5D 5C AS KD 3H", "5 5 5 5 3 / A K"),
    ("golden-nugget", "four_of_a_kind_7_to_10_kept_with_an_ace", "9S 9H 9D 9C AS 5D 3H", "9 9 9 9 3 / A 5"),
    ("golden-nugget", "four_of_a_kind_7_to_10_split_without", "9S 9H 9D 9C KS 5D 3H", "K 9 9 5 3 / 9 9"),
    (
        "golden-nugget",
        "four_of_a_kind_j_to_k_kept_with_pair_of_tens_or_higher",
        "QS QH QD QC TS TD 3H",
        "Q Q Q Q 3 / T T",
    ),
    ("golden-nugget", "four_aces_kept_with_a_pair_of_7s_or_higher", "AS AH AD AC 7S 7D 3H", "A A A A 3 / 7 7"),
    ("golden-nugget", "four_aces_split_otherwise", "AS AH AD AC 6S 6D 3H", "A A 6 6 3 / A A"),
    ("golden-nugget", "five_aces_with_kings_kings_in_front", "AS AH AD AC JK KS KD", "JK A A A A / K K"),
    # --- santa-ana-star (§7.7) ---
    ("santa-ana-star", "two_pair_aces_with_any_pair_split", "AS AH 4D 4C KS 9D 2H", "A A K 9 2 / 4 4"),
    ("santa-ana-star", "two_pair_low_low_kept_with_ace_or_king", "5S 5H 4D 4C KS 9D 2H", "5 5 4 4 2 / K 9"),
    ("santa-ana-star", "two_pair_low_low_split_otherwise", "5S 5H 4D 4C QS 9D 2H", "Q 9 5 5 2 / 4 4"),
    ("santa-ana-star", "two_pair_low_medium_kept_with_ace_or_king", "8S 8H 3D 3C AS 9D 2H", "8 8 3 3 2 / A 9"),
    ("santa-ana-star", "two_pair_medium_medium_kept_with_ace_and_face", "9S 9H 6D 6C AS JD 2H", "9 9 6 6 2 / A J"),
    ("santa-ana-star", "two_pair_medium_medium_a_ten_is_not_a_face", "9S 9H 6D 6C AS TD 2H", "A T 9 9 2 / 6 6"),
    ("santa-ana-star", "two_pair_low_high_kept_with_ace_and_face", "TS TH 3D 3C AS QD 2H", "T T 3 3 2 / A Q"),
    ("santa-ana-star", "two_pair_medium_high_split", "TS TH 6D 6C AS QD 2H", "A Q T T 2 / 6 6"),
    ("santa-ana-star", "two_pair_high_high_split", "KS KH TD TC AS QD 2H", "A K K Q 2 / T T"),
    ("santa-ana-star", "straight_two_pair_plays_the_two_pair_rule", "9S 9H 6D 6C 5S 7D 8H", "9 9 8 7 5 / 6 6"),
    ("santa-ana-star", "full_house_pair_in_front_trips_in_back", "KS KH KD 9C 9S 5D 2H", "K K K 5 2 / 9 9"),
    (
        "santa-ana-star",
        "four_of_a_kind_two_pair_rule_medium_kept_with_ace_and_face",
        "9S 9H 9D 9C AS JD 3H",
        "9 9 9 9 3 / A J",
    ),
    ("santa-ana-star", "four_of_a_kind_two_pair_rule_medium_split", "9S 9H 9D 9C KS JD 3H", "K J 9 9 3 / 9 9"),
    ("santa-ana-star", "four_of_a_kind_two_pair_rule_low_kept_with_king", "4S 4H 4D 4C KS 5D 3H", "4 4 4 4 3 / K 5"),
    ("santa-ana-star", "four_of_a_kind_two_pair_rule_high_split", "KS KH KD KC AS QD 3H", "A K K Q 3 / K K"),
    ("santa-ana-star", "five_aces_pair_of_aces_in_front_even_with_kings", "AS AH AD AC JK KS KD", "JK A A K K / A A"),
]

CASES = [(HouseWayName(way), clause, hand, want) for way, clause, hand, want in CLAUSES]
CASES += [(way, clause, hand, want) for clause, hand, want in COMMON for way in ALL]


@pytest.mark.parametrize(
    ("way", "clause", "hand", "want"), CASES, ids=[f"{way.value}-{clause}" for way, clause, _, _ in CASES]
)
def test_house_way_clause(way, clause, hand, want):
    assert setting_text(hand, way) == want


def test_every_house_way_has_clause_cases():
    assert {way for way, *_ in CLAUSES} == {way.value for way in ALL}


def test_the_clause_is_reported_in_words():
    setting = house_setting(cards("9S 9H 4D 4C AS KD 2H"), Rules())
    assert setting.rule.startswith("Two pair, high pair 7-10, an ace can go in front: kept together")


def test_a_joker_and_ace_are_interchangeable_by_the_best_high_hand():
    """rules.md §6: split the aces so the joker and the ace of clubs keep a flush in back."""
    for order in ("AS AH AC JK 4C QC KC", "JK KC QC 4C AC AH AS", "4C AS JK KC AH QC AC"):
        split = house_setting(cards(order), Rules(house_way=HouseWayName.FOXWOODS)).split
        assert split.low == cards("AS AH")


def test_wheel_rule_changes_which_straight_a_house_way_sees():
    second = setting_text("AS 2H 3D 4C 5S 6H KD", HouseWayName.FOXWOODS)
    assert second == "6 5 4 3 2 / A K"
    low = house_setting(cards("AS 2H 3D 4C 5S 6H KD"), Rules(wheel=Wheel.LOW)).split
    assert ranks(low.low) == "A K"


# --- properties over random hands ----------------------------------------------------------------


def special_hands(rng: random.Random, count: int) -> list[tuple]:
    """Random hands with five aces, the joker with two pairs, and joker straights and flushes forced in."""
    aces = [c for c in DECK if c.rank == 14 and not c.is_joker]
    hands = []
    for i in range(count):
        kind = i % 4
        if kind == 0:  # five aces
            rest = rng.sample([c for c in DECK if c.rank != 14], 2)
            hands.append(tuple(aces) + (JOKER,) + tuple(rest))
        elif kind == 1:  # the joker with two pairs
            r1, r2 = rng.sample(range(13), 2)
            pair1 = rng.sample([c for c in DECK[:52] if c >> 2 == r1], 2)
            pair2 = rng.sample([c for c in DECK[:52] if c >> 2 == r2], 2)
            used = set(pair1 + pair2)
            rest = rng.sample([c for c in DECK[:52] if c not in used and c >> 2 not in (r1, r2)], 2)
            hands.append(tuple(pair1 + pair2 + rest) + (JOKER,))
        elif kind == 2:  # a joker straight: four of five consecutive ranks, any suits
            top = rng.randrange(3, 13)  # rank index of the top card (5-high .. A-high)
            window = [(top - k) % 13 for k in range(5)]
            missing = rng.choice(window)
            chosen = [DECK[r * 4 + rng.randrange(4)] for r in window if r != missing]
            rest = rng.sample([c for c in DECK[:52] if c not in chosen], 2)
            hands.append(tuple(chosen + rest) + (JOKER,))
        else:  # a joker flush: four or more of one suit
            suit = rng.randrange(4)
            suited = rng.sample([c for c in DECK[:52] if c & 3 == suit], rng.choice((4, 5, 6)))
            rest = rng.sample([c for c in DECK[:52] if c not in suited], 6 - len(suited))
            hands.append(tuple(suited + rest) + (JOKER,))
    return hands


def property_hands(count: int, seed: int) -> list[tuple]:
    rng = random.Random(seed)
    plain = [tuple(rng.sample(DECK, 7)) for _ in range(count - count // 4)]
    return plain + special_hands(rng, count // 4)


@pytest.mark.parametrize("way", ALL, ids=[w.value for w in ALL])
@pytest.mark.parametrize("wheel", list(Wheel), ids=[w.value for w in Wheel])
def test_house_way_never_fouls_uses_every_card_and_is_repeatable(way, wheel):
    rules = Rules(house_way=way, wheel=wheel)
    rng = random.Random(99)
    seed = stable_seed(way.value, wheel.value)
    for hand in property_hands(20_000 if wheel is Wheel.SECOND else 3_000, seed=seed):
        setting = house_setting(hand, rules)
        split = setting.split
        assert not split.foul, (f"seed {seed}", hand, str(split), setting.rule)
        assert len(split.high) == 5 and len(split.low) == 2, f"seed {seed}"
        assert sorted(split.cards) == sorted(hand), (f"seed {seed}", hand)
        shuffled = list(hand)
        rng.shuffle(shuffled)
        assert house_keys(shuffled, way, rules.wheel_is_low) == (split.high_value.key, split.low_value.key)
        assert decide(hand, way, rules.wheel_is_low) == decide(hand, way, rules.wheel_is_low)


def permute_suits(hand, permutation):
    return tuple(card if card.is_joker else DECK[(card >> 2) * 4 + permutation[card & 3]] for card in hand)


@pytest.mark.parametrize("way", ALL, ids=[w.value for w in ALL])
def test_house_way_looks_at_suits_only_for_flushes(way):
    """Permuting suits permutes the setting (up to cards of equal rank); without a possible flush,
    the same ranks go in front and back whatever the suits."""
    rng = random.Random(7)
    for hand in property_hands(4_000, seed=3):
        permutation = rng.sample(range(4), 4)
        moved = permute_suits(hand, permutation)
        original = decide(hand, way)
        permuted = decide(moved, way)
        assert ranks(permute_suits(original.front, permutation)) == ranks(permuted.front)
        assert house_keys(hand, way) == house_keys(moved, way)
        assert original.rule == permuted.rule
    # Hands that cannot make a flush: re-deal the suits freely (no suit five times, or four with the joker).
    for hand in property_hands(4_000, seed=4):
        resuited = resuit_without_flush(hand, rng)
        if resuited is None:
            continue
        assert ranks(decide(hand, way).front) == ranks(decide(resuited, way).front) or can_flush(hand)


def can_flush(hand) -> bool:
    counts = [sum(1 for c in hand if not c.is_joker and c & 3 == s) for s in range(4)]
    return max(counts) + (JOKER in hand) >= 5


def resuit_without_flush(hand, rng):
    """The same ranks with new random suits that make no flush, or None if none was found quickly."""
    for _ in range(20):
        used: set = set()
        result = []
        for card in hand:
            if card.is_joker:
                result.append(card)
                continue
            options = [DECK[(card >> 2) * 4 + s] for s in range(4) if DECK[(card >> 2) * 4 + s] not in used]
            choice = rng.choice(options)
            used.add(choice)
            result.append(choice)
        if not can_flush(result):
            return tuple(result)
    return None


def straight_and_flush_rich_hands(rng: random.Random, count: int) -> list[tuple]:
    """Seven cards from two suits over eight consecutive ranks (the wheel's wrap included), and the joker."""
    hands = []
    for _ in range(count):
        low = rng.randrange(-1, 7)  # rank index of the lowest rank; -1 puts the ace below the 2
        ranks_in = [(low + k) % 13 for k in range(8)]
        suits = rng.sample(range(4), 2)
        deck = [DECK[r * 4 + s] for r in ranks_in for s in suits] + [JOKER]
        hands.append(tuple(rng.sample(deck, 7)))
    return hands


@pytest.mark.parametrize("wheel", list(Wheel), ids=[w.value for w in Wheel])
def test_complete_settings_are_every_back_that_is_a_straight_or_flush(wheel):
    """rules.md §6: the house ways' straight and flush clauses see every complete back. The quick
    suit-and-rank test that passes over most backs finds the same settings as valuing all 21."""
    from paigow_cli.core.hands import five_card_key
    from paigow_cli.core.splits import LOW_POSITIONS
    from paigow_cli.house_ways.analysis import COMPLETE_CATEGORIES, Seven

    rng = random.Random(11)
    hands = straight_and_flush_rich_hands(rng, 3_000) + special_hands(rng, 1_000) + property_hands(1_000, seed=12)
    wheel_low = wheel is Wheel.LOW
    complete = 0
    for hand in hands:
        want = []
        for i, j in LOW_POSITIONS:
            high = five_card_key([card for k, card in enumerate(hand) if k not in (i, j)], wheel_low)
            if high >> 20 in COMPLETE_CATEGORIES:
                want.append(((hand[i], hand[j]), high))
        assert [(s.front, s.high_key) for s in Seven(hand, wheel_low).complete_settings()] == want, hand
        complete += bool(want)
    assert complete > len(hands) // 2  # most of these hands can make a straight or a flush


# rules.md §6: "three of a kind with a straight or flush: complete hand in back, a pair from the trips
# in front". Where no pair from the trips can go in front (three aces made with the joker, the straight
# needing the joker or an ace), the complete hand stays in back with the best front it allows.
TRIPS_WITH_COMPLETE_WAYS = ("foxwoods", "trump-plaza", "claridge", "ballys")


@pytest.mark.parametrize("way", TRIPS_WITH_COMPLETE_WAYS)
def test_three_of_a_kind_with_a_straight_or_flush_keeps_the_complete_hand_when_no_pair_can_go_in_front(way):
    setting = house_setting(cards("AH AC JK JS KH 6C TS"), Rules(house_way=HouseWayName(way)))
    assert sort_cards(setting.split.high) == sort_cards(cards("AC JK KH JS TS"))
    assert sort_cards(setting.split.low) == sort_cards(cards("AH 6C"))
    assert "no pair from the trips can go in front" in setting.rule


@pytest.mark.parametrize("way", ALL)
def test_three_aces_with_the_joker_and_a_straight_or_flush_keep_a_complete_hand_in_back_with_the_best_front(way):
    """Seeded hands of two aces, the joker and four other ranks that make a straight or flush: the
    back is a straight or better, and no split with a straight or flush in back has a better front
    (an independent reading: all 21 splits valued one by one). Before the §6 reading, foxwoods,
    trump-plaza, claridge and ballys played three aces' rule here, a pair of aces in back."""
    from paigow_cli.core.hands import FLUSH, STRAIGHT, STRAIGHT_FLUSH, best_five
    from paigow_cli.core.splits import all_splits

    complete = (STRAIGHT, FLUSH, STRAIGHT_FLUSH)
    rng = random.Random(19)
    aces = [card for card in DECK if card.rank == 14 and card != JOKER]
    others = [card for card in DECK if card.rank != 14]
    checked = 0
    while checked < 60:
        hand = (*rng.sample(aces, 2), JOKER, *rng.sample(others, 4))
        if len({card.rank for card in hand[3:]}) < 4 or best_five(hand)[0].category < STRAIGHT:
            continue  # another pair, or no straight or flush
        split = house_setting(hand, Rules(house_way=way)).split
        fronts = [s.low_value for s in all_splits(hand) if s.high_value.category in complete and not s.foul]
        assert split.high_value.category in complete, hand
        if way not in (HouseWayName.FLAMINGO, HouseWayName.GOLDEN_NUGGET):  # these keep a straight flush
            assert split.low_value == max(fronts), hand  # over a better front (§7.5, §7.6)
        checked += 1
