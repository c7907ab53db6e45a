//! A knockout bracket: seeds placed so the strongest meet last (1 v 8, 4 v 5, 2 v 7, 3 v 6),
//! byes to the top seeds where the players are not a power of two, and the VKK cross-over
//! from the groups: A1 v B2, B1 v A2, C1 v D2, D1 v C2, ...

/// The bracket's positions for `seeds` (the strongest first): a power of two of places, each
/// a seed or `None` for a bye. Seed `s` meets seed `size + 1 - s` in the first round, and no
/// two byes meet.
pub fn bracket(seeds: &[String]) -> Vec<Option<String>> {
    let size = seeds.len().max(2).next_power_of_two();
    let mut order = vec![1usize];
    while order.len() < size {
        let n = order.len() * 2;
        order = order.iter().flat_map(|&s| [s, n + 1 - s]).collect();
    }
    order.iter().map(|s| seeds.get(s - 1).cloned()).collect()
}

/// The VKK cross-over's seeds from the groups' first and second (`places[g] = [first,
/// second]`): every group's first, then the seconds placed so that the first of group `i`
/// meets the second of its neighbour (A with B, C with D; the last of an odd number of groups
/// meets the seconds' last seed).
pub fn cross_over(places: &[[String; 2]]) -> Vec<String> {
    let g = places.len();
    let mut seeds: Vec<String> = places.iter().map(|p| p[0].clone()).collect();
    let mut seconds = vec![String::new(); g];
    for i in 0..g {
        let partner = if (i ^ 1) < g { i ^ 1 } else { i };
        // seed 2g - i meets seed i + 1 in a bracket of 2g.
        seconds[g - 1 - i] = places[partner][1].clone();
    }
    seeds.extend(seconds);
    seeds
}

/// The rounds of a bracket of `size` places.
pub fn rounds(size: usize) -> u32 {
    size.max(2).trailing_zeros()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn names(list: &[&str]) -> Vec<String> {
        list.iter().map(|s| s.to_string()).collect()
    }

    #[test]
    fn two_groups_cross_over_a1_v_b2_and_b1_v_a2() {
        let places = [
            ["A1".to_string(), "A2".to_string()],
            ["B1".to_string(), "B2".to_string()],
        ];
        let b = bracket(&cross_over(&places));
        let b: Vec<&str> = b.iter().map(|p| p.as_deref().unwrap()).collect();
        assert_eq!(b, ["A1", "B2", "B1", "A2"]);
    }

    #[test]
    fn four_groups_cross_over_and_keep_each_group_apart_until_the_final() {
        let places: Vec<[String; 2]> = ["A", "B", "C", "D"]
            .iter()
            .map(|g| [format!("{g}1"), format!("{g}2")])
            .collect();
        let b: Vec<String> = bracket(&cross_over(&places))
            .into_iter()
            .flatten()
            .collect();
        assert_eq!(b, names(&["A1", "B2", "D1", "C2", "B1", "A2", "C1", "D2"]));
    }

    #[test]
    fn byes_go_to_the_top_seeds() {
        let b = bracket(&names(&["1", "2", "3", "4", "5", "6"]));
        assert_eq!(b.len(), 8);
        assert_eq!(b[0].as_deref(), Some("1"));
        assert_eq!(b[1], None);
        assert_eq!(b[4].as_deref(), Some("2"));
        assert_eq!(b[5], None);
    }
}
