//! The rule sets the game ships, by name: the ICF Laws, their tournament edition and the three
//! house variants. A match's rules are data ([`Rules`]); a preset is where they start.

use crate::rules::Rules;
use crate::seat::Seats;
use carrom_terms::Named;

/// A rule set the game ships. Written by its name (`"icf"`, `"fof2022"`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Preset {
    /// The ICF Laws (the default).
    #[default]
    Icf,
    /// The ICF Laws as the VKK tournament edition numbers them.
    Vkk,
    /// The Friends of Carrom 2022 house rules.
    Fof2022,
    /// The casual house rules.
    Casual,
    /// The traditional house rules.
    Traditional,
    /// The point game for three (the casual text's exception), each for himself.
    Points,
}

impl Named for Preset {
    const ALL: &'static [Preset] = &Preset::ALL;
    const WHAT: &'static str = "a rules preset";

    fn name(self) -> &'static str {
        match self {
            Preset::Icf => "icf",
            Preset::Vkk => "vkk",
            Preset::Fof2022 => "fof2022",
            Preset::Casual => "casual",
            Preset::Traditional => "traditional",
            Preset::Points => "points",
        }
    }
}

carrom_terms::serde_by_name!(Preset);

impl Preset {
    /// Every preset, in the menu's order.
    pub const ALL: [Preset; 6] = [
        Preset::Icf,
        Preset::Vkk,
        Preset::Fof2022,
        Preset::Casual,
        Preset::Traditional,
        Preset::Points,
    ];

    /// The preset's name (`"icf"`).
    pub fn name(self) -> &'static str {
        Named::name(self)
    }

    /// The preset called `name`, ignoring case and surrounding spaces.
    pub fn parse(name: &str) -> Option<Preset> {
        <Preset as Named>::parse(name)
    }

    /// The rules a game of `seats` plays when none are asked for: the ICF Laws, or for three
    /// or four each for himself the point game.
    pub fn for_seats(seats: Seats) -> Preset {
        if seats.each_for_himself() {
            Preset::Points
        } else {
            Preset::Icf
        }
    }

    /// The preset's rules.
    pub fn rules(self) -> Rules {
        match self {
            Preset::Icf => Rules::icf(),
            Preset::Vkk => Rules::vkk(),
            Preset::Fof2022 => Rules::fof2022(),
            Preset::Casual => Rules::casual(),
            Preset::Traditional => Rules::traditional(),
            Preset::Points => Rules::points(),
        }
    }

    /// The presets of the game of two colours, for two players or two pairs: the ones the
    /// menu's rules setting goes through for its singles and doubles.
    pub const TWO_COLOURS: [Preset; 5] = [
        Preset::Icf,
        Preset::Vkk,
        Preset::Fof2022,
        Preset::Casual,
        Preset::Traditional,
    ];

    /// The next preset of the game of two colours in the menu's order (after the last, the
    /// first; from the point game, the first).
    pub fn next(self) -> Preset {
        let i = Preset::TWO_COLOURS.iter().position(|p| *p == self);
        i.map_or(Preset::Icf, |i| {
            Preset::TWO_COLOURS[(i + 1) % Preset::TWO_COLOURS.len()]
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_preset_is_read_back_from_its_name() {
        for p in Preset::ALL {
            assert_eq!(Preset::parse(p.name()), Some(p));
            assert_eq!(Rules::preset(p.name()), Some(p.rules()));
        }
        assert_eq!(crate::PRESET_NAMES, Preset::ALL.map(Preset::name));
    }
}
