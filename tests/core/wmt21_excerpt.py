# ruff: noqa: E501
"""A few segments of real MT evaluation data, as literals.

WMT21 news task de-en, newstest2021: references A and B and the primary submissions
Online-W and happypoet, lines 1-8, 16, 20, 24 and 902 of the published release
(github.com/wmt-conference/wmt21-news-systems, commit f41750da, folder txt/),
copied unmodified. Published by the WMT organisers for research and evaluation of
machine translation.
"""

REF_A = [
    "Biker reacts lightning fast and prevents worse.",
    "A traffic accident occurred on Friday evening on the country road between Machtolsheim and Merklingen where a bike rider was only slightly injured thanks to his quick reaction.",
    "A female car driver overlooks a biker",
    "Around 21:30 a 44 year old female car driver, coming from Merklingen with her VW, wanted to turn left into the country road 1230 into the direction of Machtolsheim.",
    "At this, she overlooked the 24 year old motorbike driver with right-of way who came from the direction of Nellingen.",
    "When they collided hand and foot brake pedals break off",
    "The biker still attempted to evade the car, however, brushed against the car at the rear end.",
    "Thrush the brushing against the car hand break handle and foot break pedal were ripped off the Suzuki and the driver was no longer able to break.",
    "“In order to avoid a further spreading we unfortunately must take this measure to protect the population”, county commissioner Werner Bumeder (CSU) explained.",
    "Bumeder called on the citizens to keep calm: “According to our information it concerns a closed group of persons.”",
    "“That can backfire horribly when such local infections spread and regional lockdowns must be ordered”, said Jürgen Mistol, the parliamentary manager of the Greens.",
    "But instead to talk about the new season when Sané & co. are not only participants in diverse practice units Flick prefers to talk about the current title project of the German serial champion.",
]
REF_B = [
    "Biker reacts lighting-fast and prevents the worst",
    "On Friday evening, there was a traffic accident on the country road between Machtolsheim and Merklingen, where the motorcyclist only suffered minor injuries thanks to his quick reaction.",
    "Car driver doesn’t see biker",
    "A 44-year old car driver coming from Merklingen wanted to make a left turn onto country road 1230 towards Machtolsheim around 9:30 p.m. in her VW.",
    "She did not see the 24-year old motorcyclist coming from Nellingen who had the right of way.",
    "During the collision, the hand brake and foot brake lever flew off",
    "The biker tried to evade the car, but still hit the rear of the vehicle.",
    "Grazing the car caused the Suzuki’s hand and foot brake levers to be torn off and the driver was no longer able to brake.",
    "“To prevent further spread, we unfortunately need to take this step to protect the population,” stated district administrator Werner Bumeder (CSU).",
    "Bumeder appealed to the citizens to stay calm: “According to our information, this is a closed group of people.”",
    "“This could pay dearly if local infections like this spread and regional lockdowns have to be arranged,” said Jürgen Mistol, the parliamentary director of the Green Party.",
    "But instead of talking about the new season when Sané and company will no longer be able to just train, Flick preferred to talk about the current title project of the German series champions.",
]
ONLINE_W = [
    "Biker reacts in a flash and prevents worse",
    "On Friday evening, a traffic accident occurred on the country road between Machtolsheim and Merklingen, in which a motorcyclist was only slightly injured thanks to his quick reaction.",
    "Car driver overlooks biker",
    "At around 9:30 p.m., a 44-year-old driver of a VW coming from Merklingen wanted to turn left onto the state road 1230 in the direction of Machtolsheim.",
    "In doing so, she overlooked the 24-year-old motorcyclist coming from Nellingen, who had the right of way.",
    "In the collision hand and foot brake lever fly away",
    "The biker tried to avoid the car, but still hit the rear of the vehicle.",
    "As a result of the grazing action, the hand and foot brake levers on the Suzuki were torn off and the driver was no longer able to brake.",
    '"In order to prevent further spread, we unfortunately have to take this step to protect the population," explained District Administrator Werner Bumeder (CSU).',
    'Bumeder appealed to citizens to remain calm: "According to our information, it is a closed circle of people."',
    '"This can take bitter revenge if such local infection events spread and regional lockdowns have to be ordered," said Jürgen Mistol, the parliamentary manager of the Green Party.',
    "But instead of talking about the new season, when Sané &amp; Co. are no longer only allowed to train with, Flick talked much rather about the current title project of the German serial champion.",
]
HAPPYPOET = [
    "Biker reacts at lightning speed and prevents worse",
    "On the Friday evening, a traffic accident occurred on the road between Powerolsheim and Merklingen, where a motorcycle driver was only injured easily thanks to its fast reaction.",
    "Motorist overlooks biker",
    "A 44th car driver wanted to turn left to the Landesstraße in 1230 at 21.30 with her VW from Merklingen.",
    "Here she overlooked the 24-year-old motorcyclist coming from the direction of Nellingen.",
    "When collision, hand and foot brake lever fly away",
    "The biker tried to avoid the car, but still grazed it at the rear of the vehicle.",
    "The strike process was demolished at the suzuki of the hand- as well as the foot brake and the driver was no longer able to brake.",
    '"In order to avoid further spread, we have to go to the protection of the population this step," said Werner Bumeder (CSU).',
    'Bumeder appealed to the citizens to keep calm: "According to our information it is a closed circle of persons."',
    '"This can be traced in a bitter way when such local infection events have to intervene and have to be arranged regional lockdowns," said Jürgen Mistol, the Parliamentary Managing Director of the Greens.',
    "But instead of talking about the new season, when Sané & Co. are no longer allowed to train, Flick preferred to talk about the current title project of the German series champion.",
]
